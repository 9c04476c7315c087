// The HTTP application: validate (zod) → authorise (route table) → command or query.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { DomainError } from '../domain/shared/decider';
import { API_ACCESS } from '../domain/access/routes';
import { WrongExpectedRevisionError } from '../infra/eventstore/port';
import { registerIdempotency } from './idempotency';
import { registerBotCheck } from './bot-check';
// Every purchase kind the payment process takes money for (loaded before any payment runs, recovery included).
import type { Services } from './services';
import { registerAuth } from './auth';
import { accountRoutes } from './routes/accounts';
import { feedRoutes } from './routes/feed';
import { purchaseRoutes } from './routes/purchases';
import { chatRoutes } from './routes/chat';
import { chatMarkRoutes } from './routes/chat-marks';
import { chatStaffRoutes } from './routes/chat-staff';
import { chatFanMediaRoutes } from './routes/chat-fan-media';
import { purchasedContentsRoutes } from './routes/purchased-contents';
import { lastSeenRoutes } from './routes/last-seen';
import { creatorProfileRoutes } from './routes/creator-profile';
import { massMessageRoutes } from './routes/mass-messages';
import { welcomeMessageRoutes } from './routes/welcome-message';
import { tipRoutes } from './routes/tips';
import { paymentMethodRoutes } from './routes/payment-methods';
import { mediaRoutes } from './routes/media';
import { adminRoutes } from './routes/admin';
import { accountSettingsRoutes } from './routes/account-settings';
import { staffRoutes } from './routes/staff';
import { engagementRoutes } from './routes/engagement';
import { feedTagRoutes } from './routes/feed-tags';
import { savedReplyRoutes } from './routes/saved-replies';
import { gatewayRoutes } from './routes/gateway';
import { landingRoutes } from './routes/landing';
import { libraryRoutes } from './routes/library';
import { walletRoutes } from './routes/wallet';
import { walletPurchaseRoutes } from './routes/wallet-purchases';
import { cryptoPaymentRoutes } from './routes/crypto-payments';
import { promotionRoutes } from './routes/promotions';
import { couponRoutes } from './routes/coupons';
import { resubscribeOfferRoutes } from './routes/resubscribe-offer';
import { subscriptionRoutes } from './routes/subscriptions';
import { ccbillHostedRoutes } from './routes/ccbill-hosted';
import { subscriptionSettingsRoutes } from './routes/subscription-settings';
import { membershipPlansRoutes } from './routes/membership-plans';
import { OneLinePerRequest, registerApps, registerWebDefaults } from './web';
import { registerTextGuard } from './text-guard';
import { myPaymentRoutes } from './routes/my-payments';
import { shellRoutes } from './routes/shell';
import { contactRoutes } from './routes/contact';
import { pushRoutes } from './routes/push';
import { notificationRoutes } from './routes/notifications';
import { helpRoutes } from './routes/help';
import { shopRoutes } from './routes/shop';
import { shopConsoleRoutes } from './routes/shop-console';
import { chatBookingRoutes } from './routes/chat-booking';
import { streamRoutes } from './routes/stream';
import { liveReportRoutes } from './routes/live-reports';
import { reportRoutes } from './routes/reports';
import { adminToolsRoutes } from './routes/admin-tools';
import { siteConfigRoutes } from './routes/site-config';
import { paymentProviderSettingsRoutes } from './routes/payment-provider-settings';
import { providerConsoleRoutes } from './routes/provider-console';
import { ccbillCardRoutes } from './routes/ccbill-cards';
import { stickyIoRoutes } from './routes/sticky-io';
import { v2CardPathRoutes } from './routes/v2-card-paths';
import { fanIndexHead } from './site-head';
import { fanPageExists } from './app-pages';
import { registerGateway } from './realtime/gateway';
import { registerJanusRelay } from './live/janus-relay';
import { registerOpenApi } from './openapi';
import { observeRequests, registerMetricsRoute } from './routes/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: string[];
  }
}

/**
 * What a request's log line says of it. A provider's webhook URL may carry a shared secret in its query (Sticky.io's
 * postback token), so webhook requests are logged without their query string.
 */
export function loggedRequest(req: { method: string; url: string; host?: string; ip?: string }) {
  return { method: req.method, url: req.url.startsWith('/api/webhooks/') ? req.url.split('?')[0] : req.url, host: req.host, remoteAddress: req.ip };
}

export async function buildApp(services: Services): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      services.config.LOG_LEVEL === 'silent'
        ? false
        : { level: services.config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'], serializers: { req: loggedRequest } },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: services.config.TRUST_PROXY,
    // One log line per request (method, url, status, time) instead of fastify's two: api/web.ts.
    logController: new OneLinePerRequest(),
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof DomainError) {
      const field = (error.details as { field?: string }).field;
      return reply.code(error.status).send({ success: 0, message: error.message, code: error.code, ...(field ? { field } : {}) });
    }
    if (error instanceof WrongExpectedRevisionError) {
      // A concurrent writer won a race that no retry covered: the request changed nothing and may be sent again.
      request.log.warn({ err: error }, 'concurrent update');
      return reply.code(409).send({ success: 0, message: 'Please try again.', code: 'CONCURRENT_UPDATE' });
    }
    if (typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number' && error.statusCode < 500) {
      // Fastify's own 4xx (malformed JSON, body too large, unsupported media type): say what, never how.
      const code = 'code' in error ? error.code : undefined;
      const message = code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'The request is too large.' : 'Invalid request.';
      return reply.code(error.statusCode).send({ success: 0, message, code: code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ success: 0, message: 'Something went wrong', code: 'INTERNAL' });
  });

  // Request latency by route pattern for GET /metrics: before any route, so it times them all.
  observeRequests(app, services.metrics);

  // Every API route the app registers, so a test can hold them against the route table (deny by default).
  const registered: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD' && (/^\/(api|admin-api|media)\//.test(route.url) || Object.hasOwn(API_ACCESS, `${method} ${route.url}`))) registered.push(`${method} ${route.url}`);
  });
  app.decorate('apiRoutes', registered);

  // Security headers (CSP, nosniff, Referrer-Policy) and no-store on signed-in JSON.
  await registerWebDefaults(app, services.config);

  // Refused characters (NUL, controls, lone surrogates) anywhere in params, query or body: 400 before any route.
  registerTextGuard(app);
  registerAuth(app, services);
  // The bot check on register, login, subscription and add card when it is on (api/bot-check.ts): before Idempotency-Key.
  registerBotCheck(app, services);
  registerIdempotency(app, services);
  // GET /ws, the socket gateway (registered before the routes, as @fastify/websocket requires).
  await registerGateway(app, services, {
    heartbeatMs: services.config.WS_HEARTBEAT_SECONDS * 1000,
    authTimeoutMs: services.config.WS_AUTH_TIMEOUT_SECONDS * 1000,
    resumeWindowEvents: services.config.WS_RESUME_WINDOW_EVENTS,
  });
  // Route schemas validate input and describe the API (/api/openapi.json, /api/docs): before the routes.
  await registerOpenApi(app);
  // GET /api/stream/janus, the browsers' relay to the live media server (needs the WebSocket plugin above; after
  // the OpenAPI plugin, which documents only routes registered after it).
  registerJanusRelay(app, services);
  // GET /metrics (api/routes/metrics.ts): admins, or a scraper with FANCLUB_METRICS_TOKEN.
  registerMetricsRoute(app, services);

  await app.register(accountRoutes(services));
  await app.register(feedRoutes(services));
  await app.register(purchaseRoutes(services));
  await app.register(tipRoutes(services));
  await app.register(chatRoutes(services));
  await app.register(chatMarkRoutes(services));
  await app.register(chatStaffRoutes(services));
  await app.register(chatFanMediaRoutes(services));
  await app.register(purchasedContentsRoutes(services));
  await app.register(lastSeenRoutes(services));
  await app.register(creatorProfileRoutes(services));
  await app.register(massMessageRoutes(services));
  await app.register(welcomeMessageRoutes(services));
  await app.register(savedReplyRoutes(services));
  await app.register(paymentMethodRoutes(services));
  await app.register(mediaRoutes(services));
  await app.register(adminRoutes(services));
  await app.register(accountSettingsRoutes(services));
  await app.register(staffRoutes(services));
  await app.register(engagementRoutes(services));
  await app.register(feedTagRoutes(services));
  await app.register(gatewayRoutes(services));
  await app.register(landingRoutes(services));
  await app.register(libraryRoutes(services));
  await app.register(walletRoutes(services));
  await app.register(walletPurchaseRoutes(services));
  await app.register(cryptoPaymentRoutes(services));
  await app.register(promotionRoutes(services));
  await app.register(couponRoutes(services));
  await app.register(resubscribeOfferRoutes(services));
  await app.register(subscriptionRoutes(services));
  await app.register(ccbillHostedRoutes(services));
  await app.register(subscriptionSettingsRoutes(services));
  await app.register(membershipPlansRoutes(services));
  await app.register(myPaymentRoutes(services));
  await app.register(shellRoutes(services));
  await app.register(contactRoutes(services));
  await app.register(pushRoutes(services));
  await app.register(notificationRoutes(services));
  await app.register(helpRoutes(services));
  await app.register(shopRoutes(services));
  await app.register(shopConsoleRoutes(services));
  await app.register(chatBookingRoutes(services));
  await app.register(streamRoutes(services));
  await app.register(liveReportRoutes(services));
  await app.register(reportRoutes(services));
  await app.register(adminToolsRoutes(services));
  await app.register(siteConfigRoutes(services));
  await app.register(paymentProviderSettingsRoutes(services));
  await app.register(providerConsoleRoutes(services));
  await app.register(ccbillCardRoutes(services));
  await app.register(stickyIoRoutes(services));
  await app.register(v2CardPathRoutes(services));

  // The built apps (precompressed, cached by name) and their client-side routes, GET and HEAD.
  await registerApps(app, services.staticRoots, fanIndexHead(services), fanPageExists(services));

  return app;
}
