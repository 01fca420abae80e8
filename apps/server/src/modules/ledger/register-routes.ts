import { ZErrorEnvelope } from '@steward/contracts/common';
import { ZDocumentLines, ZDocumentLinesQuery, ZRegisterPage, ZRegisterQuery } from '@steward/contracts/register';
import { inTenant } from '../../lib/context.ts';
import type { ModuleCtx } from '../../lib/module.ts';
import { accountRegister, documentLines } from './register-query.ts';

/**
 * The account register (issue 7; spec 2.8 account filter; existing client §2.6): every posting
 * on an account with its source and running balance, and the lines of finance documents.
 */
export function registerAccountRegister({ app, db }: ModuleCtx): void {
  const tags = ['transactions'];

  app.get(
    '/api/Financials/Accounts/Transactions/Account',
    {
      schema: {
        tags,
        summary: "One account's postings, newest first, with source and running balance",
        description:
          'A bare array of the records the existing client reads ({id, date, narration, amount, category, ' +
          'currency.symbol, approved, transactionNumber}) plus source, debit, credit, runningBalance and ' +
          'sourceId. Paged: `page` (1-based) and `pageSize` (default 50, at most 200).',
        querystring: ZRegisterQuery,
        response: { 200: ZRegisterPage, 400: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    (req) => inTenant(db, req, (ctx) => accountRegister(ctx, req.query)),
  );

  app.get(
    '/api/Financials/Transactions/Lines',
    {
      schema: {
        tags,
        summary: 'The lines (account, debit or credit, amount) of up to 100 finance documents',
        querystring: ZDocumentLinesQuery,
        response: { 200: ZDocumentLines, 400: ZErrorEnvelope },
      },
    },
    (req) => inTenant(db, req, (ctx) => documentLines(ctx, req.query.ids)),
  );
}
