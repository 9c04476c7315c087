// The crypto provider's side of top-ups:
//   POST /api/webhooks/sandbox-crypto               signed provider notice → 200 applied/duplicate/ignored, 401 bad signature
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
import { isSandbox, walletQueries } from '../queries/wallet';
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
    const g = services.cryptoGateway;
    if (!isSandbox(g)) throw new DomainError('Payments are marked by the crypto provider.', 'NOT_SANDBOX', 404);
    if ((await wallet.cryptoPayment(id)).status === 'none') throw new DomainError('Not found.', 'NOT_FOUND', 404);
    const p = await g.mark(id, body.status, body.received_cents ? { receivedCents: body.received_cents } : {});
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
