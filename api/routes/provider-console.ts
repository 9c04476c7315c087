// The console's pages about the real payment providers, read-only at the providers:
//   GET  /admin-api/sticky-io/lookup?order_id=|payment_id=|email=   → a Sticky.io order beside our payment, and where they disagree
//   GET  /admin-api/sticky-io/transactions(/export)                 → payments that went through Sticky.io (react-admin list, CSV)
//   GET  /admin-api/sticky-io/products                              → the campaign's products, offers, billing models, shipping
//   POST /admin-api/ccbill/test-flex-form                           → a signed FlexForms URL for a price, with what was signed
// Who may call each: domain/access/routes.ts. Missing settings answer 409; a provider that does not answer, 504;
// a provider's refusal, 502 with its code in words (never a URL, user or secret).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../domain/shared/decider';
import { ValidationError } from '../../domain/shared/validation';
import { centsFromDollars } from '../../domain/shared/money';
import { disagreementsOf, type StickyLookupAnswer, type StickyLookupKey, type StickyLookupMatch, type StickyOrderSummary } from '../../domain/payment-providers/provider-console';
import { stickyConsole, StickyNoAnswer, StickyRefused, type StickyConsole } from '../../infra/payments/sticky-io/console';
import { ccbillTestFlexForm } from '../../infra/payments/ccbill/test-form';
import { ourPayment, paymentOfOrder, stickyPaymentsOfEmail, listStickyTransactions, wentThroughSticky } from '../queries/provider-console';
import { rolesBelow } from '../queries/admin-tools';
import { providerSettings } from '../payment-provider-settings';
import { settingsBox } from '../email-config';
import { requireCaller } from '../auth';
import { ok } from '../http';
import { consoleListQuery, listParams, sendList } from '../schemas/console-list';
import { EXPORT_RANGE, centsToDecimal, sendExport, type CsvColumn } from '../csv';
import { PROVIDER_CONSOLE_ANSWERS, stickyLookupQuery, testFlexFormBody } from '../schemas/provider-console';
import type { StickyTransactionRecord } from '../../domain/payment-providers/provider-console';
import type { Services } from '../services';

const NOT_CONFIGURED = (name: string) => new DomainError(`${name} is not configured: save its settings first.`, 'NOT_CONFIGURED', 409);
/** The most payments one email lookup shows. */
const EMAIL_MATCHES = 20;

const STICKY_EXPORT_COLUMNS: CsvColumn<StickyTransactionRecord>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'date', value: (r) => r.created_at },
  { header: 'payment_id', value: (r) => r.payment_id },
  { header: 'sticky_io_order_id', value: (r) => r.order_id },
  { header: 'user_email', value: (r) => r.user_email },
  { header: 'type', value: (r) => r.type },
  { header: 'amount', value: (r) => centsToDecimal(r.amount_cents) },
  { header: 'status', value: (r) => r.status },
  { header: 'failure_code', value: (r) => r.failure_code },
  { header: 'card', value: (r) => r.card },
];

/** A provider's failure as the console shows it: no answer in time (504) or a refusal in words (502). */
async function askProvider<T>(name: string, ask: () => Promise<T>): Promise<T> {
  try {
    return await ask();
  } catch (err) {
    if (err instanceof StickyNoAnswer) throw new DomainError(`${name} did not answer (${err.reason === 'timeout' ? 'timed out' : err.reason === 'connection' ? 'connection failed' : 'server error'}). Please try again.`, 'PROVIDER_UNAVAILABLE', 504);
    if (err instanceof StickyRefused) throw new DomainError(err.message, 'PROVIDER_REFUSED', 502);
    throw err;
  }
}

export const providerConsoleRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const db = () => services.database.db;
  const box = () => settingsBox(services);

  async function sticky(): Promise<StickyConsole> {
    const settings = await providerSettings(db(), 'sticky-io', box());
    if (!settings) throw NOT_CONFIGURED('Sticky.io');
    try {
      return stickyConsole(settings, { baseUrl: services.config.FANCLUB_STICKY_IO_API_URL, timeoutMs: services.config.FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS, now: services.clock });
    } catch (err) {
      // Saved settings the adapter cannot use (a field missing): named, never their values.
      throw new DomainError(err instanceof Error ? err.message : 'Sticky.io settings are incomplete.', 'NOT_CONFIGURED', 409);
    }
  }

  /** Our payment beside the orders Sticky.io has under it (its order id first, else a search of the notes). */
  async function matchesOfPayment(client: StickyConsole, paymentId: string): Promise<StickyLookupMatch[]> {
    const payment = await ourPayment(db(), paymentId);
    if (!payment) return [];
    let orders: StickyOrderSummary[] = payment.provider_reference ? await client.orders([payment.provider_reference]) : [];
    if (orders.length === 0) orders = await client.ordersOfPayment(paymentId, new Date(payment.created_at));
    if (orders.length === 0) return [{ payment, order: null, disagreements: disagreementsOf(payment, null) }];
    // A declined attempt before the approved one is history, not a disagreement: the order that stands is compared.
    const standing = orders.find((o) => o.state !== 'declined') ?? orders[orders.length - 1];
    return orders.map((order) => ({ payment, order, disagreements: order === standing ? disagreementsOf(payment, order) : [] }));
  }

  app.get('/admin-api/sticky-io/lookup', { schema: { querystring: stickyLookupQuery, response: PROVIDER_CONSOLE_ANSWERS.lookup } }, async (request, reply) => {
    const caller = requireCaller(request);
    const given = (['order_id', 'payment_id', 'email'] as const).filter((k) => request.query[k]);
    if (given.length !== 1) throw new ValidationError(given[1] ?? 'order_id', 'Search by one of order_id, payment_id or email.');
    const key: StickyLookupKey = given[0];
    const query = request.query[key]!;
    const client = await sticky();
    const matches = await askProvider('Sticky.io', async (): Promise<StickyLookupMatch[]> => {
      if (key === 'payment_id') {
        if (!(await wentThroughSticky(db(), query))) return [];
        return matchesOfPayment(client, query);
      }
      if (key === 'email') {
        const ids = await stickyPaymentsOfEmail(db(), query, rolesBelow(caller.role), EMAIL_MATCHES);
        return (await Promise.all(ids.map((id) => matchesOfPayment(client, id)))).flat();
      }
      const [order] = await client.orders([query]);
      const paymentId = order?.payment_id && (await wentThroughSticky(db(), order.payment_id)) ? order.payment_id : await paymentOfOrder(db(), query);
      const payment = paymentId ? await ourPayment(db(), paymentId) : null;
      if (!order && !payment) return [];
      return [{ payment, order: order ?? null, disagreements: disagreementsOf(payment, order ?? null) }];
    });
    const answer: StickyLookupAnswer = { searched_by: key, query, matches };
    return ok(reply, answer);
  });

  app.get('/admin-api/sticky-io/transactions', { schema: { querystring: consoleListQuery, response: PROVIDER_CONSOLE_ANSWERS.transactions } }, async (request, reply) => {
    const p = listParams(request, 'created_at');
    const r = await listStickyTransactions(db(), p);
    return sendList(reply, 'sticky-io/transactions', p, r, r.rows);
  });

  app.get('/admin-api/sticky-io/transactions/export', { schema: { querystring: consoleListQuery } }, async (request, reply) => {
    const p = listParams(request, 'created_at');
    const r = await listStickyTransactions(db(), { ...p, range: EXPORT_RANGE }, EXPORT_RANGE[1] + 1);
    return sendExport(request, reply, services, 'sticky-io-transactions', p.filter, r.rows, STICKY_EXPORT_COLUMNS);
  });

  app.get('/admin-api/sticky-io/products', { schema: { response: PROVIDER_CONSOLE_ANSWERS.products } }, async (_request, reply) => {
    const client = await sticky();
    return ok(reply, await askProvider('Sticky.io', () => client.catalogue()));
  });

  app.post('/admin-api/ccbill/test-flex-form', { schema: { body: testFlexFormBody, response: PROVIDER_CONSOLE_ANSWERS.testFlexForm } }, async (request, reply) => {
    const b = request.body;
    const cents = (field: string, v: string | number) => {
      const c = centsFromDollars(v);
      if (c === null || c <= 0) throw new ValidationError(field, `${field} must be a price in dollars above 0, e.g. 9.99.`);
      return c;
    };
    const amountCents = cents('price', b.price);
    const hasRecurring = b.recurring_price !== undefined && b.recurring_price !== null && b.recurring_price !== '';
    if (!hasRecurring && (b.recurring_period_days || b.rebills)) throw new ValidationError('recurring_price', 'recurring_price is required for a recurring period or rebills.');
    const recurring = hasRecurring ? { amountCents: cents('recurring_price', b.recurring_price!), periodDays: b.recurring_period_days ?? 30, rebills: b.rebills ?? 99 } : null;
    const account = await providerSettings(db(), 'ccbill', box());
    if (!account) throw NOT_CONFIGURED('CCBill');
    const form = ccbillTestFlexForm(account, { amountCents, initialPeriodDays: b.initial_period_days, recurring, email: b.email || undefined }, services.config.FANCLUB_CCBILL_FLEXFORMS_URL);
    return ok(reply, form);
  });
};
