// The answers' envelopes as the OpenAPI document (api/openapi.ts) describes them: the success envelope a route
// wraps its own shape in, and the one Failure schema every error answer refers to.
import { z } from 'zod';

/** The success envelope of every JSON answer (api/http.ts ok()); `data` is the route's own shape. */
export const answer = <T extends z.ZodType>(data: T, description?: string) => {
  const envelope = z.object({
    success: z.literal(1),
    message: z.string().optional(),
    data,
    position: z.string().optional().describe('The event store position of the write, for read-your-writes on later reads.'),
  });
  return description ? envelope.describe(description) : envelope;
};

/**
 * True only when a response schema's output and the wire type it documents are the same type, so the two cannot
 * drift: `const _same: SameShape<z.output<typeof authResult>, AuthResult> = true;` stops compiling when either moves.
 */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export type JsonSchema = Record<string, unknown>;

/** The success envelope as JSON Schema, `data` any object (for routes that declare no answer of their own). */
export const ENVELOPE: JsonSchema = (() => {
  const { $schema: _, ...json } = z.toJSONSchema(answer(z.object({}).loose()), { io: 'output' }) as JsonSchema;
  return json;
})();

/** The error envelope (the global error handler in api/app.ts). */
const FAILURE = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { const: 0 },
    message: { type: 'string', description: 'Shown to the person as it is.' },
    code: { type: 'string', description: 'Stable machine-readable reason (VALIDATION, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, ...).' },
    field: { type: 'string', description: 'The input a 400 is about: a body or query field by name (nested ones dotted), or a header (`If-Match`, `Idempotency-Key`).' },
    data: { type: 'object', description: 'Extra detail some answers carry (402 INSUFFICIENT_FUNDS: what is missing).' },
  },
} as const;

/** An error answer; its body is the shared Failure schema (put in place by oneFailureSchema below). */
export const failure = (description: string): JsonSchema => ({ description, type: 'object' });

/** The parts of the OpenAPI document oneFailureSchema reads and sets: the shared schemas and each operation's answers. */
interface OpenApiAnswers {
  components?: { schemas?: Record<string, unknown> };
  paths?: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>;
}

/** Every error answer refers to one `Failure` schema instead of repeating it ~1,000 times. */
export function oneFailureSchema({ openapiObject }: { openapiObject: OpenApiAnswers }): OpenApiAnswers {
  openapiObject.components = { ...openapiObject.components, schemas: { ...openapiObject.components?.schemas, Failure: FAILURE } };
  for (const ops of Object.values(openapiObject.paths ?? {}))
    for (const op of Object.values(ops))
      for (const [status, response] of Object.entries(op.responses ?? {}))
        if (Number(status) >= 400 && response.content?.['application/json']) response.content['application/json'] = { schema: { $ref: '#/components/schemas/Failure' } };
  return openapiObject;
}
