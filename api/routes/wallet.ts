// The wallet and crypto top-ups:
//   GET  /api/crypto/get-currency-list              → data: CryptoCurrencyItem[]
//   POST /api/crypto/generate-payment-id            {currency, amount}                     → CryptoGeneratedPayment
//   POST /api/crypto/add-fund-and-payment           {currency, transaction_type: 'add_fund', amount, payment_for, payment_id}
//                                                                                           → CryptoPaymentData (QR, address, reference)
//   POST /api/crypto/get-transaction-status         {payment_id, pos_id?, currency?, address?, transaction_id?}
//                                                                                           → CryptoTransactionStatus (poll every 5 s)
//   POST /api/crypto/get-transaction-info           {payment_id}                           → CryptoPaymentData
//   POST /api/wallet/add-funds-by-card             {amount, card_id | card form | nothing: the primary}
//                                                                                           → payment result + wallet_balance; 402 declined
//   POST /api/crypto/wallet-history                 {page_num?, per_page?}                 → WalletHistoryPage
//   POST /api/users/set-default-payment-method      {payment_method: 'crypto_currency' | <card id>}
//   POST /api/user/change-payment-method            (the same; the spec's path)
// Paying from the wallet: routes/wallet-purchases.ts; the provider's notices and the console: routes/crypto-payments.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { centsFromDollars, dollarsFromCents } from '../../domain/shared/money';
import { ValidationError } from '../../domain/shared/validation';
import { AMOUNT_ADDED } from '../../domain/wallet/wallet';
import { CRYPTO_CURRENCY } from '../../domain/wallet/payment-method';
import { VALID_AMOUNT } from '../../domain/pricing/pricing';
import { checkSameTopUp, cryptoPaymentData, secondsLeft } from '../../domain/wallet/views';
import type { CryptoCurrencyItem, CryptoGeneratedPayment, CryptoTransactionStatus } from '../../domain/wallet/wire';
import { generateCryptoPayment, pollCryptoPayment, setDefaultPaymentMethod, startCryptoPayment, topUpByCard } from '../../commands/wallet';
import { ok } from '../http';
import { formatPosition } from '../../infra/eventstore/port';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { cardTopUpAnswer, cardTopUpBody, defaultMethodOf, generateBody, historyBody, methodBody, startBody, statusBody, uuid } from '../schemas/wallet';
import { choiceOf, paymentResult } from '../schemas/payment';
import { declined } from '../schemas/purchase-answers';
import { answer } from '../openapi';
import { walletQueries } from '../queries/wallet';
import type { Services } from '../services';

export const walletRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const wallet = walletQueries(services);
  const gateway = () => services.cryptoGateway;

  // ---- top-up ---------------------------------------------------------------------------------------

  app.get('/api/crypto/get-currency-list', async (request, reply) => {
    requireCaller(request);
    await wallet.requireCrypto();
    const list: CryptoCurrencyItem[] = (await gateway().currencies()).map((c) => ({ currency: c.currency, description: c.description, rate: c.rateUsd }));
    return ok(reply, list);
  });

  app.post('/api/crypto/generate-payment-id', { schema: { body: generateBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const cents = centsFromDollars(body.amount);
    if (cents === null) throw new ValidationError('amount', VALID_AMOUNT);
    const walletSettings = await wallet.requireCrypto();
    const ctx = contextFor(request, services);
    const { paymentId, quote, state } = await generateCryptoPayment(ctx, gateway(), { userId: caller.userId, currency: body.currency, amountCents: cents, walletSettings });
    await settle(services, ctx);
    const data: CryptoGeneratedPayment = {
      payment_id: paymentId,
      currency: quote.currency,
      amount: quote.cryptoAmount,
      amount_usd: dollarsFromCents(cents),
      amount_usd_cents: cents,
      expires_at: state.expiresAt!,
      wait_time: secondsLeft(state.expiresAt, services.clock().getTime()),
    };
    return ok(reply, data, { message: 'Payment id generated.', position: ctx.lastPosition });
  });

  app.post('/api/crypto/add-fund-and-payment', { schema: { body: startBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    await wallet.requireCrypto();
    const ctx = contextFor(request, services);
    checkSameTopUp(await wallet.cryptoPayment(body.payment_id), caller.userId, body.currency, body.amount === undefined ? undefined : centsFromDollars(body.amount));
    const { start, state } = await startCryptoPayment(ctx, gateway(), { userId: caller.userId, paymentId: body.payment_id, payer: { ipAddress: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) } });
    await settle(services, ctx);
    return ok(reply, cryptoPaymentData(state, start, services.clock()), { position: ctx.lastPosition });
  });

  app.post('/api/crypto/get-transaction-status', { schema: { body: statusBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const ctx = contextFor(request, services);
    const { state, view, balanceCents } = await pollCryptoPayment(ctx, gateway(), services.purchases, { userId: caller.userId, paymentId: body.payment_id });
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

  app.post('/api/crypto/get-transaction-info', { schema: { body: z.object({ payment_id: uuid('payment_id') }) } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { payment_id } = request.body;
    const state = await wallet.cryptoPayment(payment_id);
    if (state.status === 'none' || state.userId !== caller.userId) throw new DomainError('Invalid request.', 'PAYMENT_NOT_FOUND', 404);
    // The provider gives the same address, reference and QR again for a started payment.
    const start = state.instructions ? await gateway().startPayment(payment_id) : null;
    return ok(reply, cryptoPaymentData(state, start, services.clock()));
  });

  // ---- top-up by card: the one purchase pipeline, credited once on the capture --------------------------

  app.post('/api/wallet/add-funds-by-card', { schema: { body: cardTopUpBody, response: { 200: answer(cardTopUpAnswer), 402: declined(cardTopUpAnswer) } } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    const cents = centsFromDollars(body.amount);
    if (cents === null) throw new ValidationError('amount', VALID_AMOUNT);
    const walletSettings = await wallet.fundSettings();
    const ctx = contextFor(request, services);
    const outcome = await topUpByCard(ctx, services.purchases, { userId: caller.userId, amountCents: cents, walletSettings, card: choiceOf(body) });
    await settle(services, ctx);
    const data = { ...paymentResult(outcome), amount_cents: cents, wallet_balance: dollarsFromCents(outcome.balanceCents), wallet_balance_cents: outcome.balanceCents };
    const position = ctx.lastPosition ? { position: formatPosition(ctx.lastPosition) } : {};
    if (outcome.accepted) return reply.send({ success: 1, message: outcome.message, data, ...position });
    return reply.code(402).send({ success: 0, message: outcome.message, data, code: 'PAYMENT_FAILED', ...position });
  });

  // ---- wallet ---------------------------------------------------------------------------------------

  app.post('/api/crypto/wallet-history', { schema: { body: historyBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const body = request.body;
    return ok(reply, await wallet.history(caller.userId, body.page_num ?? body.pageNum ?? 1, body.per_page ?? 20));
  });

  // The same call under the spec's two paths.
  // '/user/change-payment-method': the spec's own path has no /api; registered before the apps' pages.
  for (const path of ['/api/users/set-default-payment-method', '/api/user/change-payment-method', '/user/change-payment-method'])
    app.post(path, { schema: { body: methodBody } }, async (request, reply) => {
      const caller = requireCaller(request);
      const method = defaultMethodOf(request.body);
      const effective = await wallet.defaultMethod(caller.userId);
      const ctx = contextFor(request, services);
      await setDefaultPaymentMethod(ctx, caller.userId, method, effective);
      await settle(services, ctx);
      return ok(reply, { default_payment_method: method.kind === 'card' ? method.cardId : CRYPTO_CURRENCY }, { message: 'Payment method updated successfully.', position: ctx.lastPosition });
    });
};
