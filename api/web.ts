// How the server answers browsers: security headers on every answer (helmet), no-store on signed-in
// JSON, one log line per request (OneLinePerRequest, given to Fastify in buildApp), and the two built apps served precompressed with long-lived caching for their
// content-hashed files and a revalidated index.html (also for HEAD, which uptime monitors use).
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import type { Config } from '../infra/config';
import { isConsolePath } from '../domain/access/app-paths';
import { sessionCookieOf } from './auth';

/** Where the browser may also fetch media from: the S3 bucket, when media live there (signed GET and PUT URLs). */
function mediaOrigins(config: Config): string[] {
  if (!config.s3) return [];
  if (config.s3.endpoint) {
    const url = new URL(config.s3.endpoint);
    // Path-style (host/bucket/key) or virtual-hosted (bucket.host/key) addresses.
    return [url.origin, `${url.protocol}//*.${url.host}`];
  }
  return ['https://*.amazonaws.com'];
}

/**
 * Content-Security-Policy of both apps: scripts only from the site's own files (the built index.html files
 * carry no inline script), no plugins, no framing, no <base> hijack. MUI/emotion inject <style> elements, so
 * styles allow 'unsafe-inline'; images and media also come as data: and blob: URLs (previews, QR codes) and from
 * https:// links (banner images and videos).
 */
export function contentSecurityPolicy(config: Config) {
  const media = mediaOrigins(config);
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // The landing page's banner images and videos may be https:// links the creator entered (api/routes/landing.ts).
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...media],
      mediaSrc: ["'self'", 'data:', 'blob:', 'https:', ...media],
      fontSrc: ["'self'", 'data:'],
      // GA4: the fan site posts purchase events to GA4's collect endpoint itself when a measurement id is set
      // (web-fan/src/analytics); no Google script is allowed to run.
      connectSrc: ["'self'", 'https://www.google-analytics.com', 'https://*.google-analytics.com', ...media],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/** Whether the request came with a credential (a session cookie or the Authorization header). */
const signedIn = (request: FastifyRequest) => !!request.caller || !!request.headers.authorization || !!sessionCookieOf(request);

/**
 * helmet's headers, worked out once by running its middleware against a stand-in response: they are the same on
 * every answer (no per-request nonce, since the apps carry no inline script), so each request only copies them.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  const middleware = helmet({
    contentSecurityPolicy: contentSecurityPolicy(config),
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Media files are loaded by the site's own pages only; cross-origin isolation headers would break S3 media.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  let failed: unknown = null;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => void (failed = error ?? null));
  if (failed || !headers['content-security-policy']) throw new Error(`security headers could not be worked out: ${String(failed ?? 'no CSP')}`);
  return headers;
}

export async function registerWebDefaults(app: FastifyInstance, config: Config) {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  // A signed-in answer (what a fan bought, an admin's lists) must never sit in a shared or disk cache; so must
  // answers to state-changing requests (a login's answer carries the new session). A route that chose its own
  // caching (public reference data, 'private, no-store') keeps it. (Hooks on every request take `done` rather
  // than being async: a promise and a microtask fewer per answer.)
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.includes('json') && !reply.hasHeader('cache-control') && (signedIn(request) || request.method !== 'GET')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/** One log line per request, when it is answered (fastify's default is two: incoming and completed). */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  /** The request's own line already says 404. */
  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/** Content-hashed build files never change under their name; everything else (index.html) is revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const cacheFor = (root: string, file: string) => (path.relative(root, file).split(path.sep)[0] === 'assets' ? IMMUTABLE : 'no-cache');

/**
 * Serves the built apps: the console under /admin/, the fan site at /; any other GET or HEAD outside the API
 * gets the app's index.html, with status 200 for the app's own routes and 404 for the rest. Brotli or gzip copies made at build time are sent to
 * browsers that accept them.
 */
export async function registerApps(
  app: FastifyInstance,
  roots: { fan?: string | null; admin?: string | null } | undefined,
  /** The fan site's index.html as served (its SEO head tags: api/site-head.ts fanIndexHead). */
  fanIndex?: (html: string, request: FastifyRequest) => Promise<string>,
  /** Whether a path is a page of the fan site (api/app-pages.ts); without it every path counts as one. */
  fanPageExists?: (path: string) => Promise<boolean>,
) {
  const built = (root?: string | null): root is string => !!root && fs.existsSync(path.join(root, 'index.html'));
  const serve = (root: string, prefix: string) =>
    app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: false,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: { header: (name: string, value: string) => unknown }, file: string) => reply.header('cache-control', cacheFor(root, file)),
    });
  if (built(roots?.admin)) await serve(roots.admin, '/admin/');
  if (built(roots?.fan)) await serve(roots.fan, '/');

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = url.startsWith('/api/') || url.startsWith('/admin-api/') || url.startsWith('/media/');
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApi) {
      const inConsole = url === '/admin' || url.startsWith('/admin/');
      const root = inConsole ? roots?.admin : roots?.fan;
      if (built(root)) {
        const html = await fs.promises.readFile(path.join(root, 'index.html'));
        const page = root === roots?.fan && fanIndex ? await fanIndex(html.toString('utf8'), request) : html;
        // An unknown path still gets the app, which draws its not-found page, but with status 404.
        const found = inConsole ? isConsolePath(url) : await (fanPageExists?.(url) ?? true);
        return reply.code(found ? 200 : 404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
      }
    }
    return reply.code(404).send({ success: 0, message: 'Not found.', code: 'NOT_FOUND' });
  });
}
