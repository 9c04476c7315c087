// The subscription lifecycle over HTTP (spec 1 §4/§5/§7/§8; commands/subscriptions.ts):
//   POST /api/v2/subscription/quote                {promotion_id?, coupon_code?}            → SubscriptionQuoteView
//   POST /api/v2/purchase/subscription             {card form | card_id | payment_method: 'crypto_currency', promotion_id?, coupon_code?}
//                                                                                          → 200 accepted / 402 declined, SubscriptionPaymentResult
//   GET  /api/v2/subscription/details                                                       → MembershipDetailsView
//   POST /api/v2/subscription/cancel-subscription  {cancellation_reason, other_reason?, request_from?} → CancelSubscriptionAnswer
//   POST /api/cancel-subscription                  (the same, v1 / subscription-billing-provider flow)
//   POST /api/crypto/cancel-subscription           (the same, crypto flow)
//   POST /api/v2/subscription/reactivate                                                    → MembershipDetailsView
//   POST /api/users/cancel_complimentary_subscription                                       → message
//   POST /api/users/updateRebillNotificationDate                                            → success, message
//   POST /api/v2/subscription/retry-rebill         {card form | card_id}                    → 200 / 402, SubscriptionPaymentResult
//   POST /api/v2/purchase/resubscribe-with-card    {card form | card_id | payment_method: 'crypto_currency'} → 200 / 402
//   GET  /api/migration-data                                                                → MigrationDataView
//   POST /api/save-condition                                                                → message
//   POST /api/migrate-subscription-for-user        {card form | card_id}                    → MigrationResult
//   GET  /api/migrate-subscription, POST /api/migrate-subscription (staff: the migration popup's settings)
//   GET  /admin-api/cancellations[/:id]            the cancellations report (react-admin)
//   GET  /admin-api/subscription-settings/:id, PUT (staff: prices, returning prices, cancel reasons, migration)
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { dollarsFromCents } from '../../domain/shared/money';
import { currentPeriodEnd } from '../../domain/promotion/promotion';
import { migrationPriceCents } from '../../domain/pricing/pricing';
import { settingsDecider, SETTINGS_STREAM, type SiteSettings } from '../../domain/settings/settings';
import {
  CANCEL_PROBLEM,
  COMPLIMENTARY_CANCELLED,
  MIGRATION_UNKNOWN_ERROR,
  SUBSCRIPTION_CANCELLED,
  SUBSCRIPTION_REACTIVATED,
  isActive,
  isRebillFailed,
  isRenewing,
  nextChargeAt,
  rebillPopupDue,
  subscriptionStatus,
} from '../../domain/subscription/subscription';
import type {
  AdminCancellationRecord,
  CancelSubscriptionAnswer,
  MembershipDetailsView,
  MigrationDataView,
  MigrationResult,
  MigrationSettingsView,
  SubscriptionPaymentResult,
  SubscriptionQuoteView,
  SubscriptionSettingsRecord,
} from '../../domain/subscription/wire';
import { handle } from '../../commands/handle';
import type { CardChoice } from '../../commands/cards';
import {
  acceptMigrationConditions,
  acceptOffer,
  cancelComplimentary,
  cancelMembership,
  loadSettings,
  loadSubscription,
  migrateMembership,
  migrationDue,
  quoteSubscription,
  reactivateMembership,
  resubscribeOfferFor,
  retryRebillWithCard,
  subscribeMember,
  updateRebillNotificationDate,
  type PayWith,
  type SubscriptionOutcome,
} from '../../commands/subscriptions';
import { findSubscriber, listCancellations } from '../../projections/subscribers';
import { currentSettings } from '../../projections/settings';
import { ok, parse } from '../http';
import { contextFor, requireCaller, type Caller } from '../auth';
import { settle } from '../views';
import { listParams, sendList } from '../schemas/console-list';
import { EXPORT_RANGE, sendExport, type CsvColumn } from '../csv';
import type { Services } from '../services';

/** The cancellations export (GET /admin-api/cancellations/export). */
const CANCELLATION_EXPORT_COLUMNS: CsvColumn<AdminCancellationRecord>[] = [
  { header: 'cancelled_at', value: (r) => r.cancelled_at },
  { header: 'name', value: (r) => r.name },
  { header: 'email', value: (r) => r.email },
  { header: 'reason', value: (r) => r.reason },
  { header: 'other_reason', value: (r) => r.other_reason },
  { header: 'cancelled_by', value: (r) => r.cancelled_by },
  { header: 'actor_email', value: (r) => r.actor_email },
  { header: 'request_from', value: (r) => r.request_from },
  { header: 'access_until', value: (r) => r.expires_at },
  { header: 'reactivated_at', value: (r) => r.reactivated_at },
];

const str = z.string().max(200).optional().default('');
const cardForm = z.object({
  email: str, address: str, country: str, state: str, city: str, pincode: str, firstName: str, lastName: str,
  cardNumber: z.string().max(40).optional().default(''), cvv: z.string().max(8).optional().default(''),
  month: z.string().max(4).optional().default(''), year: z.string().max(6).optional().default(''),
});
const cardChoice = cardForm.partial().extend({
  card_id: z.string().uuid({ error: 'card_id is invalid.' }).optional(),
  payment_method: z.string().max(40).optional(),
});
const optionalId = z.string().max(100).optional().nullable();

function choiceOf(body: z.infer<typeof cardChoice>): CardChoice {
  if (body.card_id) return { cardId: body.card_id };
  if (body.cardNumber) return { form: parse(cardForm, body) };
  return { primary: true };
}
const payWithOf = (body: { payment_method?: string }): PayWith => (body.payment_method === 'crypto_currency' ? 'wallet' : 'card');

function paymentResult(o: SubscriptionOutcome): SubscriptionPaymentResult {
  return {
    accepted: o.accepted,
    transactionId: o.transactionId,
    amount_cents: o.amountCents,
    ...(o.failureCode ? { failureCode: o.failureCode } : {}),
    ...(o.allowCascade ? { errors: { allow_cascade: true, error_from: 'card', transactionId: o.paymentId ?? undefined } } : {}),
  };
}

const sendPayment = (reply: FastifyReply, o: SubscriptionOutcome, position: unknown) =>
  reply.code(o.accepted ? 200 : 402).send({
    success: o.accepted ? 1 : 0,
    message: o.message,
    data: paymentResult(o),
    ...(o.accepted ? {} : { code: 'PAYMENT_FAILED' }),
    ...(position ? { position } : {}),
  });

/** A wallet that does not cover it: 402 with the shortfall the fan site opens Add Funds with. */
function walletRefusal(reply: FastifyReply, e: DomainError) {
  const d = e.details as { priceCents?: number; balanceCents?: number; shortfallCents?: number; addFundsCents?: number };
  return reply.code(402).send({
    success: 0,
    message: e.message,
    code: e.code,
    data: {
      price_cents: d.priceCents ?? 0, wallet_balance_cents: d.balanceCents ?? 0, shortfall_cents: d.shortfallCents ?? 0, add_funds_cents: d.addFundsCents ?? 0,
      shortfall: dollarsFromCents(d.shortfallCents ?? 0), add_funds_amount: dollarsFromCents(d.addFundsCents ?? 0),
    },
  });
}
const isWalletRefusal = (e: unknown): e is DomainError => e instanceof DomainError && (e.code === 'INSUFFICIENT_FUNDS' || e.code === 'WALLET_EMPTY');

const settingsBody = z
  .object({
    membership_price_cents: z.number().int().min(100, { error: 'The membership price must be at least $1.00.' }).max(100_000),
    recurring_membership_price_cents: z.number().int().min(100, { error: 'The recurring price must be at least $1.00.' }).max(100_000),
    returning_membership_price_cents: z.number().int().min(0).max(100_000),
    returning_recurring_membership_price_cents: z.number().int().min(0).max(100_000),
    is_cancel_subscription_reason_enabled: z.boolean(),
    cancel_subscription_reasons: z
      .array(z.string().trim().min(1, { error: 'A reason cannot be empty.' }).max(120, { error: 'A reason can be at most 120 characters.' }))
      .max(20, { error: 'At most 20 reasons.' }),
    reason_for_cancellation_popup_title: z.string().trim().min(1, { error: 'Please enter a title.' }).max(120),
    enable_subscription_migration: z.boolean(),
    subscription_migration_title: z.string().trim().min(1, { error: 'Please enter a title.' }).max(120),
    subscription_migration_description: z.string().trim().max(2000),
    payment_api_version: z.enum(['v1', 'v2'], { error: 'payment_api_version is invalid.' }),
  })
  .partial()
  .strict();

function settingsRecord(s: SiteSettings): SubscriptionSettingsRecord {
  return {
    id: 'site',
    membership_price_cents: s.membership_price_cents,
    recurring_membership_price_cents: s.recurring_membership_price_cents,
    returning_membership_price_cents: s.returning_membership_price_cents,
    returning_recurring_membership_price_cents: s.returning_recurring_membership_price_cents,
    is_cancel_subscription_reason_enabled: s.is_cancel_subscription_reason_enabled,
    cancel_subscription_reasons: s.cancel_subscription_reasons,
    reason_for_cancellation_popup_title: s.reason_for_cancellation_popup_title,
    enable_subscription_migration: s.enable_subscription_migration,
    subscription_migration_title: s.subscription_migration_title,
    subscription_migration_description: s.subscription_migration_description,
    payment_api_version: s.payment_api_version,
  };
}

export const subscriptionRoutes = (services: Services): FastifyPluginAsync => async (app) => {
  const db = () => services.database.db;
  const deps = () => ({ gateway: services.gateway });
  const nowIso = () => services.clock().toISOString();

  // ---- price and subscribe -------------------------------------------------------------------------

  app.post('/api/v2/subscription/quote', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(z.object({ promotion_id: optionalId, coupon_code: z.string().max(100).optional().nullable() }), request.body);
    const ctx = contextFor(request, services);
    const q = await quoteSubscription(ctx, { userId: caller.userId, role: caller.role, promotionId: body.promotion_id, couponCode: body.coupon_code || null, offerPromotion: true });
    const p = q.promotion;
    const view: SubscriptionQuoteView = {
      initial_cents: q.quote.initialCents,
      recurring_cents: q.quote.recurringCents,
      initial_price: dollarsFromCents(q.quote.initialCents),
      recurring_price: dollarsFromCents(q.quote.recurringCents),
      initial_period_days: q.quote.initialPeriodDays,
      source: q.quote.source,
      list_initial_cents: q.quote.listPrices.initialCents,
      list_recurring_cents: q.quote.listPrices.recurringCents,
      promotion:
        p && p.offer.type === 'SUBSCRIPTION'
          ? { promotion_id: p.promotionId, ribbon_text: p.ribbonText, ends_at: currentPeriodEnd(p, ctx.now()), initial_cents: p.offer.initialCents, recurring_cents: p.offer.recurringCents, trial_days: p.offer.trialPeriodDays }
          : null,
      coupon_code: q.quote.couponCode,
      has_subscribed_before: q.hasSubscribedBefore,
      server_time: ctx.now(),
    };
    return ok(reply, view);
  });

  app.post('/api/v2/purchase/subscription', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(cardChoice.extend({ promotion_id: optionalId, coupon_code: z.string().max(100).optional().nullable() }), request.body);
    const ctx = contextFor(request, services);
    try {
      const outcome = await subscribeMember(ctx, deps(), {
        userId: caller.userId,
        role: caller.role,
        promotionId: body.promotion_id || null,
        couponCode: body.coupon_code || null,
        card: choiceOf(body),
        payWith: payWithOf(body),
      });
      await settle(services, ctx);
      return sendPayment(reply, outcome, null);
    } catch (e) {
      await settle(services, ctx).catch(() => {});
      if (isWalletRefusal(e)) return walletRefusal(reply, e);
      throw e;
    }
  });

  // ---- the membership page -------------------------------------------------------------------------

  const details = async (caller: Caller): Promise<MembershipDetailsView> => {
    const now = nowIso();
    const [{ state }, settings, row, offer] = await Promise.all([
      loadSubscription(services.store, caller.userId),
      loadSettings(services.store),
      findSubscriber(db(), caller.userId),
      resubscribeOfferFor(services.store, now, caller.userId, caller.role),
    ]);
    const failing = isRebillFailed(state);
    return {
      status: subscriptionStatus(state, now),
      active: isActive(state, now),
      renews: isRenewing(state),
      cancelled: !!state.cancelledAt && !isRenewing(state) && isActive(state, now),
      complimentary: state.complimentary && isActive(state, now) && !isRenewing(state),
      is_rebill_failed: failing,
      rebill_popup: rebillPopupDue({ isRebillFailed: failing, rebillFailedAt: state.rebillFailure?.failedAt ?? null, rebillNotifiedAt: state.rebillNotifiedAt }, now),
      rebill_failure_code: failing ? state.rebillFailure?.failureCode ?? null : null,
      rebill_retry_at: failing ? state.rebillFailure?.nextRetryAt ?? null : null,
      expiration_date: state.expiresAt,
      next_billing_date: isRenewing(state) ? nextChargeAt(state) : null,
      started_at: row?.started_at || null,
      price_cents: row?.price_cents ?? 0,
      recurring_cents: state.recurringCents,
      payment_method: row?.payment_method ?? null,
      cancel: { reasons_enabled: settings.is_cancel_subscription_reason_enabled, reasons: settings.cancel_subscription_reasons, title: settings.reason_for_cancellation_popup_title },
      offer,
      migration: migrationDue(state, settings, now) ? migrationView(settings, !!state.migrationConditionsAcceptedAt) : null,
      server_time: now,
    };
  };
  const migrationView = (settings: SiteSettings, accepted: boolean): MigrationDataView => {
    const price = migrationPriceCents(settings);
    return { show_popup: true, title: settings.subscription_migration_title, description: settings.subscription_migration_description, price_cents: price, price: dollarsFromCents(price), conditions_accepted: accepted };
  };

  app.get('/api/v2/subscription/details', async (request, reply) => ok(reply, await details(requireCaller(request))));

  // ---- cancel / reactivate -------------------------------------------------------------------------

  const cancelBody = z.object({
    cancellation_reason: z.string().max(200).optional().nullable(),
    other_reason: z.string().max(2000).optional().nullable(),
    request_from: z.string().max(60).optional().nullable(),
  });
  const cancel = (flow: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = requireCaller(request);
    const body = parse(cancelBody, request.body);
    const ctx = contextFor(request, services);
    try {
      const r = await cancelMembership(ctx, {
        userId: caller.userId,
        reason: body.cancellation_reason,
        otherReason: body.other_reason,
        requestFrom: (body.request_from || flow).slice(0, 60),
        by: caller.proxyAdminId ? 'staff' : 'fan',
      });
      await settle(services, ctx);
      const data: CancelSubscriptionAnswer = { cancelled: true, ccbill_subscription_status: r.status, expiration_date: r.state.expiresAt };
      return ok(reply, data, { message: SUBSCRIPTION_CANCELLED, position: ctx.lastPosition });
    } catch (e) {
      if (e instanceof DomainError) throw e;
      request.log.error({ err: e }, 'cancel subscription failed');
      return reply.code(500).send({ success: 0, message: CANCEL_PROBLEM, code: 'CANCEL_FAILED', data: { cancelled: false } });
    }
  };
  app.post('/api/v2/subscription/cancel-subscription', cancel('v2'));
  app.post('/api/cancel-subscription', cancel('v1'));
  app.post('/api/crypto/cancel-subscription', cancel('crypto'));

  app.post('/api/v2/subscription/reactivate', async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await reactivateMembership(ctx, caller.userId);
    await settle(services, ctx);
    return ok(reply, await details(caller), { message: SUBSCRIPTION_REACTIVATED, position: ctx.lastPosition });
  });

  app.post('/api/users/cancel_complimentary_subscription', async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    const r = await cancelComplimentary(ctx, caller.userId);
    await settle(services, ctx);
    const data: CancelSubscriptionAnswer = { cancelled: true, ccbill_subscription_status: r.status, expiration_date: r.state.expiresAt };
    return ok(reply, data, { message: COMPLIMENTARY_CANCELLED, position: ctx.lastPosition });
  });

  app.post('/api/users/updateRebillNotificationDate', async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await updateRebillNotificationDate(ctx, caller.userId);
    await settle(services, ctx);
    return ok(reply, { rebill_notification_date: ctx.now() }, { message: 'Rebill notification date updated.', position: ctx.lastPosition });
  });

  // ---- a failed rebill: new card, charged at once --------------------------------------------------

  app.post('/api/v2/subscription/retry-rebill', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(cardChoice, request.body);
    const ctx = contextFor(request, services);
    const outcome = await retryRebillWithCard(ctx, deps(), caller.userId, choiceOf(body));
    await settle(services, ctx);
    return sendPayment(reply, outcome, null);
  });

  // ---- resubscribe offer ---------------------------------------------------------------------------

  app.post('/api/v2/purchase/resubscribe-with-card', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(cardChoice, request.body);
    const ctx = contextFor(request, services);
    try {
      const payWith = payWithOf(body);
      const outcome = await acceptOffer(ctx, deps(), { userId: caller.userId, role: caller.role, payWith, card: payWith === 'card' ? choiceOf(body) : null });
      await settle(services, ctx);
      return sendPayment(reply, outcome, null);
    } catch (e) {
      await settle(services, ctx).catch(() => {});
      if (isWalletRefusal(e)) return walletRefusal(reply, e);
      throw e;
    }
  });

  // ---- migration -----------------------------------------------------------------------------------

  app.get('/api/migration-data', async (request, reply) => {
    const caller = requireCaller(request);
    const [{ state }, settings] = await Promise.all([loadSubscription(services.store, caller.userId), loadSettings(services.store)]);
    const now = nowIso();
    const view: MigrationDataView = migrationDue(state, settings, now)
      ? migrationView(settings, !!state.migrationConditionsAcceptedAt)
      : { ...migrationView(settings, !!state.migrationConditionsAcceptedAt), show_popup: false };
    return ok(reply, view);
  });

  app.post('/api/save-condition', async (request, reply) => {
    const caller = requireCaller(request);
    const ctx = contextFor(request, services);
    await acceptMigrationConditions(ctx, caller.userId);
    await settle(services, ctx);
    return ok(reply, null, { message: 'Conditions accepted.', position: ctx.lastPosition });
  });

  app.post('/api/migrate-subscription-for-user', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(cardChoice, request.body);
    const ctx = contextFor(request, services);
    try {
      const o = await migrateMembership(ctx, deps(), { userId: caller.userId, card: choiceOf(body) });
      await settle(services, ctx);
      const data: MigrationResult = {
        accepted: o.accepted,
        transactionId: o.transactionId,
        amount: dollarsFromCents(o.amountCents),
        ccbill_subscription_status: o.ccbill_subscription_status,
        message: o.message,
        ...(o.allowCascade ? { errors: { allow_cascade: true, error_from: 'card', transactionId: o.paymentId ?? undefined } } : {}),
      };
      return reply.code(o.accepted ? 200 : 402).send({ success: o.accepted ? 1 : 0, message: o.message, data, ...(o.accepted ? {} : { code: 'MIGRATION_FAILED' }) });
    } catch (e) {
      await settle(services, ctx).catch(() => {});
      if (e instanceof DomainError) throw e;
      request.log.error({ err: e }, 'migration failed');
      return reply.code(500).send({ success: 0, message: MIGRATION_UNKNOWN_ERROR, code: 'MIGRATION_FAILED' });
    }
  });

  const migrationSettings = async (): Promise<MigrationSettingsView> => {
    const s = await currentSettings(db());
    return { enabled: s.enable_subscription_migration, title: s.subscription_migration_title, description: s.subscription_migration_description, price_cents: migrationPriceCents(s), payment_api_version: s.payment_api_version };
  };
  app.get('/api/migrate-subscription', async (_request, reply) => ok(reply, { data: await migrationSettings() }));
  app.post('/api/migrate-subscription', async (request, reply) => {
    const b = parse(z.object({ enabled: z.boolean().optional(), title: z.string().trim().min(1).max(120).optional(), description: z.string().trim().max(2000).optional() }), request.body);
    const changes: Partial<SiteSettings> = {};
    if (b.enabled !== undefined) changes.enable_subscription_migration = b.enabled;
    if (b.title !== undefined) changes.subscription_migration_title = b.title;
    if (b.description !== undefined) changes.subscription_migration_description = b.description;
    const ctx = contextFor(request, services);
    if (Object.keys(changes).length) await handle(ctx, SETTINGS_STREAM, settingsDecider, { type: 'UpdateSettings', changes });
    await settle(services, ctx);
    return ok(reply, { data: await migrationSettings() }, { message: 'update settings successfully.' });
  });

  // ---- console -------------------------------------------------------------------------------------

  app.get('/admin-api/cancellations', async (request, reply) => {
    const p = listParams(request, 'cancelled_at');
    const r = await listCancellations(db(), p);
    return sendList(reply, 'cancellations', p, r as any, r.rows as AdminCancellationRecord[]);
  });
  app.get('/admin-api/cancellations/export', async (request, reply) => {
    const p = listParams(request, 'cancelled_at');
    const r = await listCancellations(db(), { ...p, range: EXPORT_RANGE });
    return sendExport(request, reply, services, 'cancellations', p.filter, r.rows as AdminCancellationRecord[], CANCELLATION_EXPORT_COLUMNS);
  });
  app.get('/admin-api/cancellations/:id', async (request, reply) => {
    const id = (request.params as { id: string }).id;
    const r = await listCancellations(db(), { range: [0, 0], filter: { id } });
    if (!r.rows[0]) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return reply.send(r.rows[0]);
  });

  app.get('/admin-api/subscription-settings/:id', async (request, reply) => {
    if ((request.params as { id: string }).id !== 'site') throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return reply.send(settingsRecord(await currentSettings(db())));
  });
  app.put('/admin-api/subscription-settings/:id', async (request, reply) => {
    if ((request.params as { id: string }).id !== 'site') throw new DomainError('Not found.', 'NOT_FOUND', 404);
    // react-admin sends the whole record back: keep only the known fields, then validate them.
    const known = Object.fromEntries(Object.entries((request.body ?? {}) as Record<string, unknown>).filter(([k]) => k in settingsBody.shape));
    const changes = parse(settingsBody, known) as Partial<SiteSettings>;
    if (changes.cancel_subscription_reasons) changes.cancel_subscription_reasons = [...new Set(changes.cancel_subscription_reasons.filter((r) => r !== 'Other'))];
    const ctx = contextFor(request, services);
    await handle(ctx, SETTINGS_STREAM, settingsDecider, { type: 'UpdateSettings', changes });
    await settle(services, ctx);
    return reply.header('x-message', 'update settings successfully.').send(settingsRecord(await currentSettings(db())));
  });
};
