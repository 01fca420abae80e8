import dayjs from 'dayjs';
import { z } from 'zod';
import {
  ZApproveRequest,
  ZEditableTransaction,
  ZExpenseSave,
  ZIncomeSave,
  ZJournalSave,
  ZTransactionListQuery,
  ZTransactionPage,
  ZTransactionSaveResponse,
} from '@steward/contracts/finance';
import { ZDeleteAnswer } from '@steward/contracts/chart';
import { ZEnvelope, ZErrorEnvelope, ZId, ZStatusAnswer } from '@steward/contracts/common';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import { once } from '../../lib/idempotency.ts';
import * as docs from './documents-service.ts';
import * as query from './documents-query.ts';
import { EXPORT_FORMATS, exportRecords } from './export.ts';

const idempotency = z.object({ 'idempotency-key': z.string().max(200).optional() });

/**
 * The Transaction page: income, expense and general-ledger journal documents (spec 2.8; issue 3),
 * on the existing client's paths (existing-client-api §2.6; issue 7). Export is Steward's own.
 */
export function registerDocuments({ app, db }: ModuleCtx): void {
  const tags = ['transactions'];
  const err = { 400: ZErrorEnvelope, 404: ZErrorEnvelope };
  // 409: an approved document is locked (approval-guard.ts; issue 7), or a DELETE the
  // database refuses because rows still refer to it (lib/pg-errors.ts, returnObject {canDeactivate})
  const locked = { ...err, 409: ZDeleteAnswer };

  app.get(
    '/api/Financials/Accounts/v2/Transactions',
    {
      schema: {
        tags,
        summary: 'Finance documents, newest first, filtered and paged',
        querystring: ZTransactionListQuery,
        response: { 200: ZTransactionPage, 400: ZErrorEnvelope },
      },
    },
    (req) => inTenant(db, req, (ctx) => query.listDocuments(ctx, req.query)),
  );
  app.post(
    '/api/Financials/Accounts/Transactions/Income/Save',
    {
      schema: {
        tags,
        summary: 'Saves an income (with id: edits it)',
        headers: idempotency,
        body: ZIncomeSave,
        response: { 200: ZTransactionSaveResponse, ...locked },
      },
    },
    async (req) =>
      ok(
        await once(db, req, 'finance.income', (ctx) => docs.saveIncome(ctx, req.body)),
        'Transaction saved successfully',
      ),
  );
  app.post(
    '/api/Financials/Accounts/Transactions/Expense/Save',
    {
      schema: {
        tags,
        summary: 'Saves an expense (with id: edits it)',
        headers: idempotency,
        body: ZExpenseSave,
        response: { 200: ZTransactionSaveResponse, ...locked },
      },
    },
    async (req) =>
      ok(
        await once(db, req, 'finance.expense', (ctx) => docs.saveExpense(ctx, req.body)),
        'Transaction saved successfully',
      ),
  );
  app.post(
    '/api/Financials/Accounts/Transactions/SaveGeneralLedger',
    {
      schema: {
        tags,
        summary:
          'Saves a general-ledger journal: a list of lines {memo, note, date, debitAccountID | creditAccountID, amount}; ?id= edits one',
        headers: idempotency,
        querystring: z.object({ id: ZId.optional() }),
        body: ZJournalSave,
        response: { 200: ZTransactionSaveResponse, ...locked },
      },
    },
    // the existing client shows `The transaction was ${response}`
    async (req) =>
      ok(
        await once(db, req, 'finance.journal', (ctx) => docs.saveJournal(ctx, req.body, req.query.id)),
        'saved successfully',
      ),
  );
  app.delete(
    '/api/Financials/Accounts/Transactions/Delete',
    {
      schema: {
        tags,
        summary: 'Deletes a document (posts a reversal); 409 while it is approved',
        querystring: z.object({ id: ZId }),
        response: { 200: ZStatusAnswer, ...locked },
      },
    },
    async (req) => ({ status: true, response: await inTenant(db, req, (ctx) => docs.deleteDoc(ctx, req.query.id)) }),
  );
  app.post(
    '/api/Financials/accounts/Transactions/ApproveTransactionToggle',
    {
      schema: {
        tags,
        summary: 'Approves or unapproves a document',
        body: ZApproveRequest,
        response: { 200: ZEnvelope(z.object({ id: z.uuid(), approved: z.boolean() })), ...err },
      },
    },
    async (req) => {
      const r = await inTenant(db, req, (ctx) => docs.approveDoc(ctx, req.body.id, req.body.approved));
      return ok(r, r.approved ? 'Transaction approved successfully' : 'Transaction unapproved');
    },
  );
  app.get(
    '/api/Financials/Accounts/GetEditFinancialTransaction',
    {
      schema: {
        tags,
        summary: 'A document with its split lines, for editing (by its number)',
        querystring: z.object({ transactionNumber: z.string().trim().min(1).max(40) }),
        response: { 200: ZEditableTransaction, ...err },
      },
    },
    (req) => inTenant(db, req, (ctx) => query.byNumber(ctx, req.query.transactionNumber)),
  );
  app.get(
    '/api/Financials/Transactions/Export',
    {
      schema: {
        tags,
        summary: 'The filtered documents as an xlsx, csv or txt file',
        querystring: ZTransactionListQuery.omit({ page: true, pageSize: true }).extend({
          format: z.enum(EXPORT_FORMATS),
        }),
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv', 'text/plain'],
      },
    },
    async (req, reply) => {
      const records = await inTenant(db, req, (ctx) => query.allDocuments(ctx, req.query));
      const file = await exportRecords(records, req.query.format, dayjs().format('YYYY-MM-DD'));
      return reply.type(file.type).header('content-disposition', `attachment; filename="${file.name}"`).send(file.body);
    },
  );
}
