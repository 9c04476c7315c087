// The card provider's side of payments: its notices (webhooks) and the staff controls that take money back.
//   POST /api/webhooks/sandbox-card            signed notice → 200 applied/duplicate/ignored, 401 bad signature,
//                                              409/5xx when it cannot be applied yet (the provider retries)
//   POST /admin-api/transactions/:id/refund    staff refund (after settlement) or void (before), with a reason
//   POST /admin-api/transactions/:id/chargeback  sandbox only: the card holder's bank takes the money back
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/decider';
import { applyCardNotice } from '../../commands/gateway-notices';
import { refundPayment } from '../../commands/payment/process';
import { SIGNATURE_HEADER, verifyWebhook } from '../../infra/payments/webhook-signature';
import type { GatewayNotice, ProviderRequest } from '../../infra/payments/port';
import { settleGuestNotice, type GuestWelcome } from '../../commands/guest-purchases';
import { accountMailer } from '../account-mails';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { commandContext } from '../../commands/handle';
import { ok, parse } from '../http';
import { contextFor, requireCaller } from '../auth';
import { settle } from '../views';
import type { Services } from '../services';

const noticeShape = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  data: z.object({ idempotency_key: z.string().max(200) }).passthrough(),
}).passthrough();

const refundBody = z.object({
  kind: z.enum(['refund', 'void'], { error: 'kind must be refund or void.' }).default('refund'),
  reason: z.string().trim().max(500, { error: 'The reason cannot be more than 500 characters.' }).optional(),
});
const idParam = z.object({ id: z.string().uuid({ error: 'id is invalid.' }) });

/** A provider's request as it came: the exact bytes (CCBill sends JSON or a form, Sticky.io may send a query only). */
function providerRequest(request: FastifyRequest): ProviderRequest {
  const query = Object.fromEntries(Object.entries((request.query ?? {}) as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));
  return { method: request.method, query, headers, rawBody: typeof request.body === 'string' ? request.body : '', sourceIp: request.ip };
}

export const gatewayRoutes = (services: Services): FastifyPluginAsyncZod => async (app) => {
  const mail = accountMailer(services);
  // The signature covers the exact bytes sent: this route reads the raw body and parses it itself.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.post('/api/webhooks/sandbox-card', async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers[SIGNATURE_HEADER];
      if (!verifyWebhook(services.webhookSecret, raw, Array.isArray(header) ? header[0] : header))
        return reply.code(401).send({ success: 0, message: 'Invalid signature.', code: 'BAD_SIGNATURE' });
      let notice: GatewayNotice;
      try {
        notice = parse(noticeShape, JSON.parse(raw)) as unknown as GatewayNotice;
      } catch {
        // Signed but not a notice we understand: acknowledged, so the provider stops sending it.
        return reply.code(200).send({ success: 1, data: { result: 'ignored' } });
      }
      const ctx = commandContext(services.store, { userId: null, role: 'gateway', ip: request.ip, correlationId: notice.id }, services.clock);
      const result = await applyCardNotice(ctx, services.purchases, 'sandbox', notice);
      await settle(services, ctx);
      return reply.code(200).send({ success: 1, data: { result } });
    });
  });

  // The real card providers' notices: verified by the provider's adapter (source address, account, digest, a secret
  // in the URL, or by reading the order back), then applied like the sandbox's. A notice about no payment of ours
  // is recorded as ignored, kept for staff.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    const receive = (provider: 'ccbill' | 'sticky-io') => async (request: FastifyRequest, reply: FastifyReply) => {
      const verified = await services.cardNotices[provider].verify(providerRequest(request));
      if (!verified.ok) return reply.code(400).send({ success: 0, message: verified.reason, code: 'NOTICE_REFUSED' });
      const ctx = commandContext(services.store, { userId: null, role: 'gateway', ip: request.ip, correlationId: verified.notices[0]?.id ?? null }, services.clock);
      const results = [];
      const welcomes: GuestWelcome[] = [];
      // A guest purchase's sale: its account (found or made) and payment are put in place before the capture.
      const guests = async (notice: GatewayNotice) => {
        const outcome = await settleGuestNotice(ctx, services.purchases, services.secrets, provider, notice);
        if (outcome?.welcome) welcomes.push(outcome.welcome);
        return outcome?.result ?? null;
      };
      for (const notice of verified.notices) results.push(await applyCardNotice(ctx, services.purchases, provider, notice, guests));
      await settle(services, ctx);
      // The buyer whose account was made for the purchase gets the link to set a password (after the appends).
      for (const w of welcomes) await mail(request, 'guest_purchase', w.email, w.name, w.token).catch(() => {});
      return reply.code(200).send({ success: 1, data: { results } });
    };
    scope.post('/api/webhooks/ccbill', receive('ccbill'));
    scope.route({ method: ['GET', 'POST', 'PUT'], url: '/api/webhooks/sticky-io', handler: receive('sticky-io') });
  });

  app.post('/admin-api/transactions/:id/refund', { schema: { params: idParam, body: refundBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { id } = request.params;
    const body = request.body;
    const ctx = contextFor(request, services);
    await refundPayment(ctx, services.purchases, id, { kind: body.kind, source: `staff:${caller.userId}`, reason: body.reason ?? null });
    await settle(services, ctx);
    return ok(reply, { id, kind: body.kind }, { message: body.kind === 'refund' ? 'Payment refunded.' : 'Payment voided.', position: ctx.lastPosition });
  });

  app.post('/admin-api/transactions/:id/chargeback', { schema: { params: idParam, body: refundBody.pick({ reason: true }) } }, async (request, reply) => {
    const { id } = request.params;
    const { reason } = request.body;
    if (((await services.cardRouter.providerOfPayment(id)) ?? 'sandbox') !== 'sandbox') throw new DomainError('Chargebacks come from the card holder\'s bank.', 'NOT_SANDBOX', 404);
    const outcome = await services.gateway.chargeback(id, reason ?? 'Sandbox chargeback');
    if (outcome.status === 'not_captured') throw new DomainError('Only a captured payment can be charged back.', 'PAYMENT_NOT_CAPTURED', 409);
    // Like a real bank's, the chargeback reaches the site as a notice (webhook), not through this call.
    return ok(reply, { id, status: outcome.status }, { message: 'Chargeback sent by the sandbox gateway.' });
  });
};
