// The crypto provider's side of top-ups:
//   POST /api/webhooks/sandbox-crypto               signed provider notice → 200 applied/duplicate/ignored, 401 bad signature
//   POST /api/webhooks/forumpay                     ForumPay's "look again": CheckPayment decides → 200, 400 refused
//   GET  /admin-api/crypto-payments[/:id]           console list (react-admin), with the sandbox provider's status
//   POST /admin-api/crypto-payments/:id/mark        {status: paid|underpaid|expired, received_cents?}  sandbox control
//   POST /admin-api/crypto-payments/:id/settle      staff credit what an underpaid payment received
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import type { ProviderStatus } from '../../domain/wallet/crypto-topup';
import { applyCryptoReport, settleUnderpaidPayment } from '../../commands/wallet';
import { commandContext } from '../../commands/handle';
import { SIGNATURE_HEADER, verifyWebhook } from '../../infra/payments/webhook-signature';
import { ok, parse } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import { listParams, sendList } from '../schemas/console-list';
import { idParam, markBody, noticeShape } from '../schemas/wallet';
import { walletQueries } from '../queries/wallet';
import type { Services } from '../services';

const PROVIDER_STATUSES: ProviderStatus[] = ['pending', 'paid', 'underpaid', 'failed', 'expired'];

export const cryptoPaymentRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const wallet = walletQueries(services);

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
      const { result } = await applyCryptoReport(ctx, services.purchases, notice.data.payment_id, { eventId: notice.id, status, receivedCents: notice.data.received_cents });
      await settle(services, ctx);
      return reply.code(200).send({ success: 1, data: { result } });
    });

    // ForumPay's webhook names a payment and nothing more (no signature): the adapter finds the payment in its own
    // records and asks ForumPay for its state, so a forged post costs one status read and changes nothing.
    scope.post('/api/webhooks/forumpay', async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));
      const query = Object.fromEntries(Object.entries((request.query ?? {}) as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
      const notice = await services.cryptoProviders.forumpay.forumPayNotice({ method: 'POST', query, headers, rawBody: raw, sourceIp: request.ip });
      if (!notice.ok) return reply.code(400).send({ success: 0, message: notice.reason, code: 'NOTICE_REFUSED' });
      const report = notice.report;
      if (!report?.eventId) return reply.code(200).send({ ...notice.answer, result: 'ignored' });
      const ctx = commandContext(services.store, { userId: null, role: 'gateway', ip: request.ip, correlationId: report.eventId }, services.clock);
      const { result } = await applyCryptoReport(ctx, services.purchases, report.paymentId, { eventId: report.eventId, status: report.status, receivedCents: report.receivedCents, reason: report.reason });
      await settle(services, ctx);
      return reply.code(200).send({ ...notice.answer, result });
    });
  });

  // ---- console --------------------------------------------------------------------------------------

  app.get('/admin-api/crypto-payments', async (request, reply) => {
    const p = listParams(request, 'created_at');
    const { result, records } = await wallet.cryptoPayments(p);
    return sendList(reply, 'crypto-payments', p, result, records);
  });
  app.get('/admin-api/crypto-payments/:id', { schema: { params: idParam } }, async (request, reply) => {
    const { id } = request.params;
    const { records } = await wallet.cryptoPayments({ sort: ['created_at', 'DESC'], range: [0, 0], filter: { id } });
    if (!records[0]) throw new DomainError('Not found.', 'NOT_FOUND', 404);
    return reply.send(records[0]);
  });

  app.post('/admin-api/crypto-payments/:id/mark', { schema: { params: idParam, body: markBody } }, async (request, reply) => {
    const { id } = request.params;
    const body = request.body;
    if ((await wallet.cryptoPayment(id)).status === 'none') throw new DomainError('Not found.', 'NOT_FOUND', 404);
    if (((await services.cryptoGateway.providerOf(id)) ?? 'sandbox') !== 'sandbox') throw new DomainError('Payments are marked by the crypto provider.', 'NOT_SANDBOX', 404);
    const p = await services.cryptoProviders.sandbox.mark(id, body.status, body.received_cents ? { receivedCents: body.received_cents } : {});
    // Like a real provider's, the change reaches the site as a notice (and the fan's poll), not through this call.
    return ok(reply, { id, provider_status: p.status, received_cents: p.received_cents }, { message: `Marked ${body.status} by the sandbox provider; its notice is on the way.` });
  });

  app.post('/admin-api/crypto-payments/:id/settle', { schema: { params: idParam } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { id } = request.params;
    const ctx = contextFor(request, services);
    const state = await settleUnderpaidPayment(ctx, services.purchases, id, caller.userId);
    await settle(services, ctx);
    return ok(reply, { id, status: state.status, credit_cents: state.creditCents }, { message: 'Amount Successfully Added.', position: ctx.lastPosition });
  });
};
