// GET /metrics: this server's metrics in the Prometheus text format (docs/metrics.md). Denied by default, like every
// route in the table: admins signed in read it, and so does a scraper that sends `Authorization: Bearer <token>` with
// the token set in FANCLUB_METRICS_TOKEN (no token set: no scraper gets in). Guests, fans and other staff never do.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Services } from '../services';
import { registerGauges } from '../metrics/gauges';
import { statusClassOf, type Metrics } from '../metrics/registry';

export const METRICS_PATH = '/metrics';

/** The route pattern a request matched (never its URL: no ids in labels); 'unmatched' for a 404 of no route. */
export const routeLabelOf = (pattern: string | undefined): string => pattern ?? 'unmatched';

/**
 * Times every answered request by method, route pattern and status class. Call before the routes are registered
 * (a hook applies to the routes registered after it).
 */
export function observeRequests(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequest.observe(
      { method: request.method, route: routeLabelOf(request.routeOptions.url), status_class: statusClassOf(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether the Authorization header carries the scrape token (compared in constant time). */
export function carriesScrapeToken(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || !authorization?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(authorization.slice(7)), digest(token));
}

/** The route, and the gauges it reads on each scrape. Call after the OpenAPI plugin (it documents later routes). */
export function registerMetricsRoute(app: FastifyInstance, services: Services) {
  const { metrics } = services;
  registerGauges(app, services, metrics);
  const send = async (reply: FastifyReply) =>
    reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(await metrics.registry.metrics());
  app.get(
    METRICS_PATH,
    {
      schema: {
        summary: "This server's metrics in the Prometheus text format.",
        description:
          'For a Prometheus scraper: send `Authorization: Bearer <FANCLUB_METRICS_TOKEN>` (set that variable to allow it), or call it as a signed-in admin. ' +
          'Labels carry route patterns, outcomes and kinds, never ids, emails or tokens. See docs/metrics.md.',
      },
      // The scraper's token is not a session: it is answered here, before the session check would refuse it.
      onRequest: async (request, reply) => {
        if (carriesScrapeToken(request.headers.authorization, services.config.FANCLUB_METRICS_TOKEN)) return send(reply);
      },
    },
    async (_request, reply) => send(reply),
  );
}
