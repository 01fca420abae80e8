import { z } from 'zod';
import {
  ZContributionItem,
  ZContributionItemDetail,
  ZContributionItemSave,
  ZContributionItemSaveResponse,
  ZContributionSummary,
  ZOfferingListItem,
  ZOfferingOne,
  ZOfferingReport,
  ZOfferingSaveRequest,
  ZOfferingSaveResponse,
} from '@steward/contracts/offerings';
import {
  ZDate,
  ZEnvelope,
  ZErrorEnvelope,
  ZId,
  ZOptionalId,
  ZPageQuery,
  ZPaged,
  ZStatusAnswer,
} from '@steward/contracts/common';
import { ZDeleteAnswer } from '@steward/contracts/chart';
import { DONATION_MESSAGES } from '@steward/contracts/donations';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import { once } from '../../lib/idempotency.ts';
import * as items from './items-service.ts';
import * as txs from './transactions-service.ts';
import * as reports from './report-service.ts';

const ZIdQuery = z.object({ ID: ZId });

/** Offering items, offering transactions and the offering report (spec 2.1-2.6, §7). */
export function registerOfferings({ app, db }: ModuleCtx): void {
  const tags = ['offerings'];
  const err = { 400: ZErrorEnvelope, 404: ZErrorEnvelope };
  // 409: the offerings of an approved report are locked (report-guard.ts; issue 7), or a DELETE
  // the database refuses because rows still refer to it (lib/pg-errors.ts, returnObject {canDeactivate})
  const locked = { ...err, 409: ZDeleteAnswer };

  app.get(
    '/api/financials/contributions/items',
    { schema: { tags, summary: 'Offering items (list and pickers)', response: { 200: z.array(ZContributionItem) } } },
    (req) => inTenant(db, req, items.listItems),
  );
  app.get(
    '/api/Financials/Contributions/Items/One',
    {
      schema: {
        tags,
        summary: 'One offering item for editing',
        querystring: ZIdQuery,
        response: { 200: ZContributionItemDetail, ...err },
      },
    },
    (req) => inTenant(db, req, (ctx) => items.getItem(ctx, req.query.ID)),
  );
  app.post(
    '/api/financials/contributions/items/save',
    {
      schema: {
        tags,
        summary: 'Creates an offering item',
        body: ZContributionItemSave,
        response: { 200: ZContributionItemSaveResponse, ...err },
      },
    },
    // the existing client's quick-create reads the new item's id at the top level (data.id)
    async (req) => {
      const item = await inTenant(db, req, (ctx) => items.createItem(ctx, req.body));
      return { ...ok(item, 'Contribution Saved'), id: item.id };
    },
  );
  app.put(
    '/api/Financials/Contributions/Items/edit',
    {
      schema: {
        tags,
        summary: 'Edits an offering item',
        body: ZContributionItemSave,
        response: { 200: ZContributionItemSaveResponse, ...err },
      },
    },
    async (req) => {
      const item = await inTenant(db, req, (ctx) => items.editItem(ctx, req.body));
      return { ...ok(item, 'Edit Successfully'), id: item.id };
    },
  );
  app.delete(
    '/api/Financials/Contributions/Delete',
    {
      schema: {
        tags,
        summary: 'Deletes (or, when used, deactivates) an offering item',
        querystring: ZIdQuery,
        response: { 200: ZStatusAnswer, ...locked },
      },
    },
    async (req) => ({ status: true, response: await inTenant(db, req, (ctx) => items.deleteItem(ctx, req.query.ID)) }),
  );

  app.get(
    '/api/Financials/Contributions/Transactions',
    {
      schema: {
        tags,
        summary: 'Offering transactions, 50 a page',
        querystring: ZPageQuery,
        response: { 200: ZPaged(ZOfferingListItem) },
      },
    },
    (req) => inTenant(db, req, (ctx) => txs.listPage(ctx, req.query.page)),
  );
  app.get(
    '/api/Financials/Contributions/FilteredTransactions',
    {
      schema: {
        tags,
        summary: 'Offering transactions filtered by item, event and donor text',
        querystring: z.object({
          contribution: z.string().max(100).optional(),
          eventname: z.string().max(100).optional(),
          donor: z.string().max(100).optional(),
        }),
        response: { 200: z.array(ZOfferingListItem) },
      },
    },
    (req) => inTenant(db, req, (ctx) => txs.filtered(ctx, req.query)),
  );
  app.get(
    '/api/financials/contributions/transactions/summary',
    { schema: { tags, summary: 'Offering totals and charts per period', response: { 200: ZContributionSummary } } },
    (req) => inTenant(db, req, (ctx) => reports.summary(ctx)),
  );
  app.post(
    '/api/Financials/Contributions/Transactions/Save',
    {
      schema: {
        tags,
        summary: 'Records offering rows; safe to retry with the same Idempotency-Key header',
        headers: z.object({ 'idempotency-key': z.string().max(200).optional() }),
        body: ZOfferingSaveRequest,
        response: { 200: ZOfferingSaveResponse, ...locked },
      },
    },
    async (req) => ok(await once(db, req, 'offerings.save', (ctx) => txs.saveRows(ctx, req.body)), 'Offering Saved'),
  );
  app.put(
    '/api/Financials/Contributions/Transactions/Edit',
    {
      schema: {
        tags,
        summary: 'Edits an offering (first row carries id): reverses its entry and posts a new one',
        headers: z.object({ 'idempotency-key': z.string().max(200).optional() }),
        body: ZOfferingSaveRequest,
        response: { 200: ZOfferingSaveResponse, ...locked },
      },
    },
    async (req) => ok(await once(db, req, 'offerings.edit', (ctx) => txs.editRows(ctx, req.body)), 'Offering Saved'),
  );
  app.get(
    '/api/Financials/Contributions/Transactions/One',
    {
      schema: {
        tags,
        summary: 'One offering transaction for editing',
        querystring: ZIdQuery,
        response: { 200: ZOfferingOne, ...err },
      },
    },
    (req) => inTenant(db, req, (ctx) => txs.getOne(ctx, req.query.ID)),
  );
  app.delete(
    '/api/Financials/Contributions/Transactions/Delete',
    {
      schema: {
        tags,
        summary:
          "Deletes an offering transaction or an online donation (posts a reversal; a donation's payment is not refunded)",
        querystring: ZIdQuery,
        response: { 200: ZStatusAnswer, ...locked },
      },
    },
    async (req) => {
      const source = await inTenant(db, req, async (ctx) => {
        const found = await txs.sourceOf(ctx, req.query.ID);
        await txs.deleteRows(ctx, [req.query.ID]);
        return found;
      });
      // an online donation's money stays with the provider: say so (issue 10 'Admin screens')
      return {
        status: true,
        response: source === 'online' ? DONATION_MESSAGES.donationDeleted : 'Offering Transaction Deleted',
      };
    },
  );
  app.post(
    '/api/Financials/Contributions/Transactions/DeleteMultiple',
    {
      schema: {
        tags,
        summary: 'Deletes several offering transactions (all or none)',
        body: z.array(ZId).min(1, 'choose at least one offering').max(500),
        response: { 200: ZStatusAnswer, ...locked },
      },
    },
    async (req) => {
      const n = await inTenant(db, req, (ctx) => txs.deleteRows(ctx, req.body));
      return { status: true, response: `${n} of ${req.body.length}` };
    },
  );
  app.get(
    '/api/Offering/contributionReport',
    {
      schema: {
        tags,
        summary: 'The offering report of a date, optionally of one event',
        querystring: z.object({ date: ZDate, activityId: ZOptionalId.optional() }),
        response: { 200: ZEnvelope(ZOfferingReport), ...err },
      },
    },
    async (req) =>
      ok(
        await inTenant(db, req, (ctx) => reports.contributionReport(ctx, req.query.date, req.query.activityId ?? null)),
      ),
  );
}
