// The wallet and crypto top-ups (spec 1 §4/§7 "Crypto", spec 2 §7 "Unlock purchases"):
//   GET  /api/crypto/get-currency-list              → data: CryptoCurrencyItem[]
//   POST /api/crypto/generate-payment-id            {currency, amount}                     → CryptoGeneratedPayment
//   POST /api/crypto/add-fund-and-payment           {currency, transaction_type: 'add_fund', amount, payment_for, payment_id}
//                                                                                           → CryptoPaymentData (QR, address, reference)
//   POST /api/crypto/get-transaction-status         {payment_id, pos_id?, currency?, address?, transaction_id?}
//                                                                                           → CryptoTransactionStatus (poll every 5 s)
//   POST /api/crypto/get-transaction-info           {payment_id}                           → CryptoPaymentData
//   POST /api/crypto/wallet-history                 {page_num?, per_page?}                 → WalletHistoryPage
//   POST /api/crypto/purchase-from-wallet           {payment_for: 'blog', content_id, promotion_id?, amount?}
//                                                   → WalletPurchaseResult; 402 INSUFFICIENT_FUNDS with InsufficientFundsData
//   POST /api/users/set-default-payment-method      {payment_method: 'crypto_currency' | <card id>}
//   POST /api/user/change-payment-method            (the same; the spec's path, spec 1 §7)
//   POST /api/webhooks/sandbox-crypto               signed provider notice → 200 applied/duplicate/ignored, 401 bad signature
//   GET  /admin-api/crypto-payments[/:id]           console list (react-admin), with the sandbox provider's status
//   POST /admin-api/crypto-payments/:id/mark        {status: paid|underpaid|expired, received_cents?}  sandbox control
//   POST /admin-api/crypto-payments/:id/settle      staff credit what an underpaid payment received
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { centsFromDollars, dollarsFromCents } from '../../domain/shared/money';
import { ValidationError } from '../../domain/shared/validation';
import { AMOUNT_ADDED, walletPurchaseMessage } from '../../domain/wallet/wallet';
import { TIP_FROM, type TipFrom } from '../../domain/tip/tip';
import { sendTipFromWallet } from '../../commands/tips';
import { CRYPTO_CURRENCY, PAYMENT_METHOD_UPDATE_FAILED, type DefaultPaymentMethod } from '../../domain/wallet/payment-method';
import { cryptoPaymentDecider, cryptoPaymentStream, cryptoPaymentView, type CryptoPaymentState, type ProviderStatus } from '../../domain/wallet/crypto-topup';
import { VALID_AMOUNT, insufficientFunds as insufficientFundsError, type WalletSettings } from '../../domain/pricing/pricing';
import type {
  AdminCryptoPaymentRecord,
  CryptoCurrencyItem,
  CryptoGeneratedPayment,
  CryptoPaymentData,
  CryptoTransactionStatus,
  WalletHistoryPage,
  WalletPurchaseResult,
} from '../../domain/wallet/wire';
import {
  applyCryptoReport,
  generateCryptoPayment,
  pollCryptoPayment,
  purchasePostFromWallet,
  setDefaultPaymentMethod,
  settleUnderpaidPayment,
  SOMETHING_WENT_WRONG,
  startCryptoPayment,
} from '../../commands/wallet';
import { commandContext, loadStream } from '../../commands/handle';
import { findWallet, listCryptoPayments, walletHistory } from '../../projections/wallet';
import { savedCards } from '../../projections/cards';
import { currentSettings } from '../../projections/settings';
import { findPost } from '../../projections/posts';
import { SIGNATURE_HEADER, verifyWebhook } from '../../infra/payments/webhook-signature';
import type { CryptoPaymentStart } from '../../infra/payments/port';
import type { SandboxCryptoGateway } from '../../infra/payments/sandbox-crypto-gateway';
import { ok, parse, sendInsufficientFunds } from '../http';
import { contextFor, requireCaller, type Caller } from '../auth';
import { defaultPaymentMethod, settle } from '../views';
import { listParams, sendList } from './admin';
import { chatPurchaseFromWallet } from './chat';
import { postViews, viewerOf } from './feed';
import type { Services } from '../services';

/** The console's settings form validates these (spread into PUT /admin-api/settings/site's schema). */
export const WALLET_SETTINGS_SHAPE = {
  add_fund_default_options: z
    .string()
    .trim()
    .max(200)
    .regex(/^(\s*\d{1,7}(\.\d{1,2})?\s*)(,\s*\d{1,7}(\.\d{1,2})?\s*)*$|^$/, { error: 'Enter the preset amounts separated by commas, e.g. 10,25,50.' }),
  add_fund_minimum_amount: z.number().int({ error: 'add_fund_minimum_amount must be a whole number of dollars.' }).min(1).max(100_000),
  add_fund_maximum_amount: z.number().int({ error: 'add_fund_maximum_amount must be a whole number of dollars.' }).min(1).max(100_000),
  is_crypto_payment_enabled: z.boolean(),
};

const uuid = (name: string) => z.string({ error: `${name} is required.` }).uuid({ error: `${name} is invalid.` });
const amountField = z.union([z.number(), z.string().max(20)], { error: VALID_AMOUNT });
const currencyField = z.string({ error: 'Please select a currency.' }).trim().min(1, { error: 'Please select a currency.' }).max(12, { error: 'Invalid request.' });

const generateBody = z.object({ currency: currencyField, amount: amountField });
const startBody = z.object({
  payment_id: uuid('payment_id'),
  currency: z.string().trim().max(12).optional(),
  transaction_type: z.literal('add_fund', { error: 'transaction_type is invalid.' }).optional(),
  amount: amountField.optional(),
  payment_for: z.string().max(40).optional(),
});
const statusBody = z.object({
  payment_id: uuid('payment_id'),
  pos_id: z.string().max(100).optional(),
  currency: z.string().max(12).optional(),
  address: z.string().max(200).optional(),
  transaction_id: z.string().max(200).optional(),
});
const historyBody = z.object({
  page_num: z.coerce.number().int().min(1).max(100_000).optional(),
  pageNum: z.coerce.number().int().min(1).max(100_000).optional(),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
});
const paymentFor = z.object({ payment_for: z.enum(['blog', 'tips', 'chat'], { error: 'payment_for is invalid.' }).default('blog') }).passthrough();
/** A tip from the wallet (spec 3 §7.3): amount in dollars, an optional note, where from, anonymous or not. */
const walletTipBody = z.object({
  payment_for: z.literal('tips'),
  amount: amountField,
  tipMessage: z.string({ error: 'Message is too long.' }).optional().default(''),
  is_anonymous_tip: z.boolean({ error: 'is_anonymous_tip must be true or false.' }).optional().default(false),
  tip_from: z.enum(TIP_FROM as [TipFrom, ...TipFrom[]], { error: 'tip_from is invalid.' }).optional().default('tips_page'),
  userId: z.string().max(100).optional(),
});
const purchaseBody = z.object({
  payment_for: z.enum(['blog'], { error: 'payment_for is invalid.' }).default('blog'),
  content_id: uuid('content_id'),
  userId: z.string().max(100).optional(),
  promotion_id: z.string().max(100).nullable().optional(),
  /** The price the fan confirmed (dollars); optional, as in the spec's call. */
  amount: amountField.optional(),
});
const methodBody = z
  .object({ payment_method: z.string().trim().max(100).optional(), card_id: z.string().trim().max(100).optional() })
  .refine((b) => !!(b.payment_method || b.card_id), { error: 'payment_method is required.', path: ['payment_method'] });
const markBody = z.object({
  status: z.enum(['paid', 'underpaid', 'expired'], { error: 'status must be paid, underpaid or expired.' }),
  received_cents: z.number().int().min(1).max(100_000_000).optional(),
});
const idParam = z.object({ id: uuid('id') });
const noticeShape = z
  .object({
    id: z.string().min(1).max(200),
    type: z.string().min(1).max(100),
    data: z.object({ payment_id: z.string().max(200), status: z.string().max(20), received_cents: z.number().int().min(0) }).passthrough(),
  })
  .passthrough();

const PROVIDER_STATUSES: ProviderStatus[] = ['pending', 'paid', 'underpaid', 'failed', 'expired'];

const isSandbox = (g: Services['cryptoGateway']): g is SandboxCryptoGateway => typeof (g as SandboxCryptoGateway).mark === 'function';

const walletSettingsOf = (s: WalletSettings): WalletSettings => ({
  add_fund_default_options: s.add_fund_default_options,
  add_fund_minimum_amount: s.add_fund_minimum_amount,
  add_fund_maximum_amount: s.add_fund_maximum_amount,
});

export const walletRoutes = (services: Services): FastifyPluginAsync => async (app) => {
  const db = () => services.database.db;
  const gateway = () => services.cryptoGateway;
  const nowMs = () => services.clock().getTime();

  const requireCrypto = async () => {
    const s = await currentSettings(db());
    if (!s.is_crypto_payment_enabled) throw new DomainError('Crypto payments are not available.', 'CRYPTO_DISABLED', 403);
    return s;
  };
  const secondsLeft = (expiresAt: string | null) => (expiresAt ? Math.max(0, Math.ceil((Date.parse(expiresAt) - nowMs()) / 1000)) : 0);

  const paymentData = (state: CryptoPaymentState, start: CryptoPaymentStart | null, status?: CryptoTransactionStatus['status']): CryptoPaymentData => ({
    payment_id: state.paymentId!,
    currency: state.currency!,
    amount: start?.cryptoAmount ?? state.instructions?.cryptoAmount ?? '',
    amount_usd: dollarsFromCents(state.amountCents),
    amount_usd_cents: state.amountCents,
    expires_at: state.expiresAt!,
    wait_time: secondsLeft(state.expiresAt),
    qr_img: start?.qrImg ?? '',
    qr: start?.qr ?? state.instructions?.qr ?? '',
    address: start?.address ?? state.instructions?.address ?? '',
    reference_no: start?.referenceNo ?? state.instructions?.referenceNo ?? '',
    stats_token: start?.statsToken ?? '',
    pos_id: start?.posId ?? state.instructions?.posId ?? '',
    notices: start?.notices ?? [],
    status: status ?? (cryptoPaymentView(state, services.clock().toISOString()).status as CryptoTransactionStatus['status']),
  });

  // ---- top-up ---------------------------------------------------------------------------------------

  app.get('/api/crypto/get-currency-list', async (request, reply) => {
    requireCaller(request);
    await requireCrypto();
    const list: CryptoCurrencyItem[] = (await gateway().currencies()).map((c) => ({ currency: c.currency, description: c.description, rate: c.rateUsd }));
    return ok(reply, list);
  });

  app.post('/api/crypto/generate-payment-id', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(generateBody, request.body);
    const cents = centsFromDollars(body.amount);
    if (cents === null) throw new ValidationError('amount', VALID_AMOUNT);
    const settings = await requireCrypto();
    const ctx = contextFor(request, services);
    const { paymentId, quote, state } = await generateCryptoPayment(ctx, gateway(), { userId: caller.userId, currency: body.currency, amountCents: cents, walletSettings: walletSettingsOf(settings) });
    await settle(services, ctx);
    const data: CryptoGeneratedPayment = {
      payment_id: paymentId,
      currency: quote.currency,
      amount: quote.cryptoAmount,
      amount_usd: dollarsFromCents(cents),
      amount_usd_cents: cents,
      expires_at: state.expiresAt!,
      wait_time: secondsLeft(state.expiresAt),
    };
    return ok(reply, data, { message: 'Payment id generated.', position: ctx.lastPosition });
  });

  app.post('/api/crypto/add-fund-and-payment', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(startBody, request.body);
    await requireCrypto();
    const ctx = contextFor(request, services);
    const { state: before } = await loadStream(ctx.store, cryptoPaymentStream(body.payment_id), cryptoPaymentDecider);
    if (before.status !== 'none' && before.userId === caller.userId) {
      if (body.currency && body.currency.trim().toUpperCase() !== before.currency) throw new ValidationError('currency', 'Invalid request.');
      if (body.amount !== undefined && centsFromDollars(body.amount) !== before.amountCents) throw new ValidationError('amount', 'Invalid request.');
    }
    const { start, state } = await startCryptoPayment(ctx, gateway(), { userId: caller.userId, paymentId: body.payment_id });
    await settle(services, ctx);
    return ok(reply, paymentData(state, start), { position: ctx.lastPosition });
  });

  app.post('/api/crypto/get-transaction-status', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(statusBody, request.body);
    const ctx = contextFor(request, services);
    const { state, view, balanceCents } = await pollCryptoPayment(ctx, gateway(), { userId: caller.userId, paymentId: body.payment_id });
    await settle(services, ctx);
    const data: CryptoTransactionStatus = {
      payment_id: body.payment_id,
      status: view.status as CryptoTransactionStatus['status'],
      is_payment_confirmed: view.is_payment_confirmed,
      done: view.done,
      seconds_left: view.seconds_left,
      credited: dollarsFromCents(state.status === 'paid' ? state.creditCents : 0),
      wallet_balance: dollarsFromCents(balanceCents),
      wallet_balance_cents: balanceCents,
      message: view.message,
    };
    return ok(reply, data, { message: view.is_payment_confirmed ? AMOUNT_ADDED : undefined, position: ctx.lastPosition });
  });

  app.post('/api/crypto/get-transaction-info', async (request, reply) => {
    const caller = requireCaller(request);
    const { payment_id } = parse(z.object({ payment_id: uuid('payment_id') }), request.body);
    const { state } = await loadStream(services.store, cryptoPaymentStream(payment_id), cryptoPaymentDecider);
    if (state.status === 'none' || state.userId !== caller.userId) throw new DomainError('Invalid request.', 'PAYMENT_NOT_FOUND', 404);
    // The provider gives the same address, reference and QR again for a started payment.
    const start = state.instructions ? await gateway().startPayment(payment_id) : null;
    return ok(reply, paymentData(state, start));
  });

  // ---- wallet ---------------------------------------------------------------------------------------

  app.post('/api/crypto/wallet-history', async (request, reply) => {
    const caller = requireCaller(request);
    const body = parse(historyBody, request.body);
    const page = body.page_num ?? body.pageNum ?? 1;
    const perPage = body.per_page ?? 20;
    const [h, wallet] = await Promise.all([walletHistory(db(), caller.userId, page, perPage), findWallet(db(), caller.userId)]);
    const balance = Number(wallet?.balance_cents ?? 0);
    const data: WalletHistoryPage = {
      rows: h.rows.map((r) => ({
        _id: r.id,
        kind: r.kind,
        description: r.description,
        amount: dollarsFromCents(r.amount_cents),
        amount_cents: r.amount_cents,
        balance_cents: r.balance_cents,
        currency: r.currency,
        reference_id: r.reference_id,
        created_at: r.created_at,
      })),
      currentPage: page,
      totalPages: Math.max(1, Math.ceil(h.total / perPage)),
      total: h.total,
      wallet_balance: dollarsFromCents(balance),
      wallet_balance_cents: balance,
    };
    return ok(reply, data);
  });

  app.post('/api/crypto/purchase-from-wallet', async (request, reply) => {
    const caller = requireCaller(request);
    const paymentForWhat = parse(paymentFor, request.body ?? {}).payment_for;
    if (paymentForWhat === 'tips') return tipFromWallet(request, reply, caller);
    if (paymentForWhat === 'chat') return chatPurchaseFromWallet(services, request, reply, caller);
    const body = parse(purchaseBody, request.body);
    let confirmed: number | null = null;
    if (body.amount !== undefined) {
      confirmed = centsFromDollars(body.amount);
      if (confirmed === null) throw new ValidationError('amount', VALID_AMOUNT);
    }
    const ctx = contextFor(request, services);
    try {
      // promotion_id: bought at the running locked-content promotion's price ('Sorry promotion expired.' once it ended).
      const outcome = await purchasePostFromWallet(ctx, { gateway: services.gateway }, {
        userId: caller.userId, role: caller.role, postId: body.content_id, confirmedAmountCents: confirmed, promotionId: body.promotion_id ?? null,
      });
      await settle(services, ctx);
      const row = await findPost(db(), body.content_id);
      const [blogData] = row ? await postViews(services, await viewerOf(services, request), [row]) : [];
      const data: WalletPurchaseResult = {
        transaction_id: outcome.paymentId,
        transaction_amount: dollarsFromCents(outcome.amountCents),
        transaction_amount_cents: outcome.amountCents,
        wallet_balance: dollarsFromCents(outcome.balanceCents),
        wallet_balance_cents: outcome.balanceCents,
        blogData,
      };
      return ok(reply, data, { message: walletPurchaseMessage(outcome.balanceCents), position: ctx.lastPosition });
    } catch (e) {
      await settle(services, ctx).catch(() => {});
      if (e instanceof DomainError && e.code === 'INSUFFICIENT_FUNDS') return sendInsufficientFunds(reply, e);
      if (e instanceof DomainError) throw e;
      request.log.error({ err: e }, 'wallet purchase failed');
      return reply.code(500).send({ success: 0, message: SOMETHING_WENT_WRONG, code: 'INTERNAL' });
    }
  });

  async function tipFromWallet(request: FastifyRequest, reply: FastifyReply, caller: Caller) {
    const body = parse(walletTipBody, request.body);
    const cents = centsFromDollars(body.amount);
    if (cents === null) throw new ValidationError('amount', VALID_AMOUNT);
    const ctx = contextFor(request, services);
    try {
      const { tipId, payment, balanceCents } = await sendTipFromWallet(ctx, { gateway: services.gateway }, {
        userId: caller.userId, role: caller.role, amountCents: cents, message: body.tipMessage, tipFrom: body.tip_from, isAnonymous: body.is_anonymous_tip,
      });
      await settle(services, ctx);
      if (payment.status !== 'captured') {
        if (payment.failure?.failureCode === 'INSUFFICIENT_FUNDS') return sendInsufficientFunds(reply, insufficientFundsError(cents, balanceCents));
        return reply.code(402).send({ success: 0, message: SOMETHING_WENT_WRONG, code: payment.failure?.failureCode ?? 'PAYMENT_FAILED' });
      }
      const data: WalletPurchaseResult = {
        transaction_id: tipId,
        transaction_amount: dollarsFromCents(cents),
        transaction_amount_cents: cents,
        wallet_balance: dollarsFromCents(balanceCents),
        wallet_balance_cents: balanceCents,
      };
      return ok(reply, data, { message: walletPurchaseMessage(balanceCents), position: ctx.lastPosition });
    } catch (e) {
      await settle(services, ctx).catch(() => {});
      if (e instanceof DomainError && e.code === 'INSUFFICIENT_FUNDS') return sendInsufficientFunds(reply, e);
      throw e;
    }
  }

  const setMethod = async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = requireCaller(request);
    const body = parse(methodBody, request.body);
    const choice = (body.payment_method || body.card_id)!;
    let method: DefaultPaymentMethod;
    if (choice === CRYPTO_CURRENCY) method = { kind: 'crypto_currency' };
    else if (z.string().uuid().safeParse(choice).success) method = { kind: 'card', cardId: choice };
    else throw new ValidationError('payment_method', PAYMENT_METHOD_UPDATE_FAILED);
    const [wallet, cards] = await Promise.all([findWallet(db(), caller.userId), savedCards(db(), caller.userId)]);
    const current = defaultPaymentMethod(wallet, cards.find((c) => c.is_primary)?._id ?? null);
    const effective: DefaultPaymentMethod | null = current === CRYPTO_CURRENCY ? { kind: 'crypto_currency' } : current ? { kind: 'card', cardId: current } : null;
    const ctx = contextFor(request, services);
    await setDefaultPaymentMethod(ctx, caller.userId, method, effective);
    await settle(services, ctx);
    return ok(reply, { default_payment_method: method.kind === 'card' ? method.cardId : CRYPTO_CURRENCY }, { message: 'Payment method updated successfully.', position: ctx.lastPosition });
  };
  app.post('/api/users/set-default-payment-method', setMethod);
  app.post('/api/user/change-payment-method', setMethod);

  // ---- the provider's notices -----------------------------------------------------------------------

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.post('/api/webhooks/sandbox-crypto', async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers[SIGNATURE_HEADER];
      if (!verifyWebhook(services.cryptoWebhookSecret, raw, Array.isArray(header) ? header[0] : header))
        return reply.code(401).send({ success: 0, message: 'Invalid signature.', code: 'BAD_SIGNATURE' });
      let notice: z.infer<typeof noticeShape>;
      try {
        notice = parse(noticeShape, JSON.parse(raw));
      } catch {
        return reply.code(200).send({ success: 1, data: { result: 'ignored' } });
      }
      const status = notice.data.status as ProviderStatus;
      if (!PROVIDER_STATUSES.includes(status) || !z.string().uuid().safeParse(notice.data.payment_id).success)
        return reply.code(200).send({ success: 1, data: { result: 'ignored' } });
      const ctx = commandContext(services.store, { userId: null, role: 'gateway', ip: request.ip, correlationId: notice.id }, services.clock);
      const { result } = await applyCryptoReport(ctx, notice.data.payment_id, { eventId: notice.id, status, receivedCents: notice.data.received_cents });
      await settle(services, ctx);
      return reply.code(200).send({ success: 1, data: { result } });
    });
  });

  // ---- console --------------------------------------------------------------------------------------

  const adminRecords = async (rows: any[]): Promise<AdminCryptoPaymentRecord[]> => {
    const g = gateway();
    const provider = isSandbox(g) ? await Promise.all(rows.map((r) => g.payment(r.id))) : rows.map(() => null);
    return rows.map((r, i) => ({
      id: r.id,
      user_id: r.user_id,
      user_email: r.user_email ?? null,
      currency: r.currency,
      amount_cents: Number(r.amount_cents),
      crypto_amount: r.crypto_amount,
      address: r.address,
      reference_no: r.reference_no,
      status: r.status,
      received_cents: Number(r.received_cents),
      credit_cents: Number(r.credit_cents),
      credited: !!r.credited,
      settled_by: r.settled_by,
      created_at: new Date(r.created_at).toISOString(),
      expires_at: new Date(r.expires_at).toISOString(),
      updated_at: new Date(r.updated_at).toISOString(),
      provider_status: provider[i]?.status ?? null,
    }));
  };

  app.get('/admin-api/crypto-payments', async (request, reply) => {
    const p = listParams(request, 'created_at');
    const r = await listCryptoPayments(db(), p);
    return sendList(reply, 'crypto-payments', p, r, await adminRecords(r.rows));
  });
  app.get('/admin-api/crypto-payments/:id', async (request, reply) => {
    const { id } = parse(idParam, request.params);
    const r = await listCryptoPayments(db(), { sort: ['created_at', 'DESC'], range: [0, 0], filter: { id } });
    if (!r.rows[0]) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return reply.send((await adminRecords(r.rows))[0]);
  });

  app.post('/admin-api/crypto-payments/:id/mark', async (request, reply) => {
    const { id } = parse(idParam, request.params);
    const body = parse(markBody, request.body);
    const g = gateway();
    if (!isSandbox(g)) throw new DomainError('Payments are marked by the crypto provider.', 'NOT_SANDBOX', 404);
    const { state } = await loadStream(services.store, cryptoPaymentStream(id), cryptoPaymentDecider);
    if (state.status === 'none') throw new DomainError('Not found.', 'NOT_FOUND', 404);
    const p = await g.mark(id, body.status, body.received_cents ? { receivedCents: body.received_cents } : {});
    // Like a real provider's, the change reaches the site as a notice (and the fan's poll), not through this call.
    return ok(reply, { id, provider_status: p.status, received_cents: p.received_cents }, { message: `Marked ${body.status} by the sandbox provider; its notice is on the way.` });
  });

  app.post('/admin-api/crypto-payments/:id/settle', async (request, reply) => {
    const caller = requireCaller(request);
    const { id } = parse(idParam, request.params);
    const ctx = contextFor(request, services);
    const state = await settleUnderpaidPayment(ctx, id, caller.userId);
    await settle(services, ctx);
    return ok(reply, { id, status: state.status, credit_cents: state.creditCents }, { message: 'Amount Successfully Added.', position: ctx.lastPosition });
  });
};
