// The API described by OpenAPI 3.1, generated from the routes themselves: each route's zod schemas (request
// shapes, and the success answer where the route declares one), its roles from the route table
// (domain/access/routes.ts) and the error answers every route shares. Served at GET /api/openapi.json, browsable
// at /api/docs (swagger-ui, whose page has no inline script, so the site's CSP holds there too).
// The pieces: input validation from the same schemas (./openapi-validation.ts), each route as an operation
// (./openapi-operations.ts), the answers' envelopes (./openapi-envelopes.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import { SESSION_COOKIES } from './auth';
import { oneFailureSchema } from './openapi-envelopes';
import { describeRoute } from './openapi-operations';
import { useZodValidation } from './openapi-validation';

export { answer, type SameShape } from './openapi-envelopes';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; description?: string };

const registered = new WeakMap<FastifyInstance, string[]>();
/** Every route the server registered, as `METHOD /url` (the HEAD twins fastify adds to GET routes left out). */
export const registeredRoutes = (app: FastifyInstance): readonly string[] => registered.get(app) ?? [];

/**
 * Validation from route schemas, the OpenAPI document and the docs page. Call before the route plugins are
 * registered (the swagger plugin collects routes as they are added).
 */
export async function registerOpenApi(app: FastifyInstance) {
  useZodValidation(app);
  const routes: string[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Fanclub API',
        version: pkg.version,
        description:
          `${pkg.description ?? pkg.name}.\n\nEvery answer is JSON in the envelope \`{ success: 1, message?, data, position? }\` or, on an error, ` +
          '`{ success: 0, message, code?, field? }`. Each operation lists who may call it (`x-roles`: `public`, `authenticated` or the roles), ' +
          'from the route table the server enforces. Browsers sign in with a session cookie; API clients send `Authorization: Bearer <token>` ' +
          '(the token from POST /api/users/login). State-changing requests may carry an `Idempotency-Key` header.',
      },
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIES.fan, description: "The fan site's session (set by login)." },
          consoleCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIES.console, description: "The console's session (its requests send `X-Fanclub-App: console`)." },
          bearer: { type: 'http', scheme: 'bearer', description: 'The token answered by POST /api/users/login.' },
        },
      },
    },
    transform: describeRoute(DOCS_PREFIX) as never,
    transformObject: oneFailureSchema as never,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });

  const document = z.object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }).loose().describe('The OpenAPI 3.1 document (not in the envelope).');
  app.get(OPENAPI_PATH, { schema: { summary: 'This document (OpenAPI 3.1).', response: { 200: document } } }, async (_request, reply) => reply.send(app.swagger()));
}
