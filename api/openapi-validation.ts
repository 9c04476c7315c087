// Input validation from route schemas: a route's `schema.body | querystring | params` (zod) validates its input
// with the same rule and messages as parse() (api/http.ts). The error is held until the route's own preHandler, so
// the order of answers stays text guard → sign-in and route table (401/403) → Idempotency-Key → validation (400) →
// handler.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { ValidationError } from '../domain/shared/validation';
import { parse } from './http';

export const isZod = (s: unknown): s is z.ZodType => s instanceof z.ZodType;

/** Fastify's validator compiler: the route's zod schema through parse() (text rule, first issue names the field). */
function zodValidatorCompiler({ schema, url, httpPart }: { schema: unknown; url: string; httpPart?: string }) {
  if (!isZod(schema)) throw new Error(`${url}: the ${httpPart ?? 'request'} schema must be a zod schema`);
  return (data: unknown) => {
    try {
      return { value: parse(schema, data) };
    } catch (e) {
      if (e instanceof ValidationError) return { error: e };
      throw e;
    }
  };
}

/** Holds a failed validation until the route's own preHandler: after the route table, as parse() in a handler was. */
async function answerValidationError(request: FastifyRequest) {
  if (request.validationError) throw request.validationError;
}

const hasInputSchema = (r: RouteOptions) => !!(r.schema?.body || r.schema?.querystring || r.schema?.params);

/** Validates every route's input by its zod schema. Call before the routes are registered (it hooks onRoute). */
export function useZodValidation(app: FastifyInstance) {
  app.setValidatorCompiler(zodValidatorCompiler);
  // A response schema documents the answer; it is not enforced (answers are sent as they are).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addHook('onRoute', (route) => {
    if (!hasInputSchema(route)) return;
    route.attachValidation = true;
    route.preHandler = [...[route.preHandler ?? []].flat(), answerValidationError];
  });
}
