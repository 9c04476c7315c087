// A fan's own payments and receipts, read from the transactions read model:
//   GET /api/users/payments?page=1&limit=20   authenticated → data: PaymentHistoryPage (only the caller's rows)
//   GET /api/users/payments/:id               authenticated → data: PaymentReceiptView (404 unless it is theirs)
// The fan site builds the printable receipt, its text download and the CSV of all rows from these
// (domain/payment/history.ts), so a download needs no second way of authenticating.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { PAYMENT_TYPE_LABELS, paidWith, type PaymentHistoryPage, type PaymentHistoryRow, type PaymentReceiptView } from '../../domain/payment/history';
import { listUserPayments, type TransactionRow } from '../../projections/transactions';
import { findUser } from '../../projections/users';
import { currentSettings } from '../../projections/settings';
import { requireCaller } from '../auth';
import { ok } from '../http';
import { answer } from '../openapi';
import { paymentHistoryPage, paymentReceipt } from '../schemas/my-payments';
import type { Services } from '../services';

/** The whole history fits one page for a CSV download; the list on screen pages by 20. */
export const PAYMENTS_MAX_PAGE = 1000;

const listQuery = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1.' }).int({ error: 'page must be a whole number from 1.' }).min(1, { error: 'page must be a whole number from 1.' }).max(100_000, { error: 'page is too large.' }).optional().default(1),
  limit: z.coerce.number({ error: `limit must be between 1 and ${PAYMENTS_MAX_PAGE}.` }).int({ error: `limit must be between 1 and ${PAYMENTS_MAX_PAGE}.` }).min(1, { error: `limit must be between 1 and ${PAYMENTS_MAX_PAGE}.` }).max(PAYMENTS_MAX_PAGE, { error: `limit must be between 1 and ${PAYMENTS_MAX_PAGE}.` }).optional().default(20),
});
const idParams = z.object({ id: z.string().uuid({ error: 'id is invalid.' }) });

const NOT_FOUND = 'Payment not found.';

export function historyRow(t: TransactionRow): PaymentHistoryRow {
  const created = new Date(t.created_at).toISOString();
  return {
    id: t.id,
    type: t.type,
    label: PAYMENT_TYPE_LABELS[t.type] ?? t.type,
    amount_cents: Number(t.amount_cents),
    currency: t.currency,
    method: t.method,
    card: t.card,
    paid_with: paidWith(t.method, t.card),
    status: t.status,
    reference_id: t.reference_id,
    gateway_transaction_id: t.gateway_transaction_id,
    created_at: created,
    settled_at: t.settled_at ? new Date(t.settled_at).toISOString() : null,
  };
}

export const myPaymentRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;

  app.get('/api/users/payments', { schema: { querystring: listQuery, response: { 200: answer(paymentHistoryPage) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const q = request.query;
    const r = await listUserPayments(db(), caller.userId, { offset: (q.page - 1) * q.limit, limit: q.limit });
    const data: PaymentHistoryPage = { payments: r.rows.map(historyRow), total: r.total, total_paid_cents: r.paidCents };
    return ok(reply, data);
  });

  app.get('/api/users/payments/:id', { schema: { params: idParams, response: { 200: answer(paymentReceipt) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { id } = request.params;
    // Only the caller's own rows: another fan's receipt is 404, the same answer as one that does not exist.
    const r = await listUserPayments(db(), caller.userId, { offset: 0, limit: 1, id });
    if (!r.rows[0]) throw new DomainError(NOT_FOUND, 'NOT_FOUND', 404);
    const [user, settings] = await Promise.all([findUser(db(), caller.userId), currentSettings(db())]);
    const cfg = services.config;
    const data: PaymentReceiptView = {
      payment: historyRow(r.rows[0]),
      merchant: { name: settings.model_name, url: cfg.FANCLUB_PUBLIC_URL ?? `${request.protocol}://${request.host}` },
      customer: { name: user?.name ?? '', email: user?.email ?? '' },
    };
    return ok(reply, data);
  });
};
