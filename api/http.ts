// HTTP conventions: the spec's envelope, zod validation that names the field, and errors without stack traces.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ValidationError } from '../domain/shared/validation';
import { firstTextProblem } from '../domain/shared/text';
import { formatPosition, type Position } from '../infra/eventstore/port';

export function ok<T>(reply: FastifyReply, data: T, extra: { message?: string; position?: Position | null } = {}) {
  return reply.send({
    success: 1,
    ...(extra.message ? { message: extra.message } : {}),
    data,
    ...(extra.position ? { position: formatPosition(extra.position) } : {}),
  });
}

/** Parses input with a zod schema; the first problem becomes a 400 naming the field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  // Input a route parsed itself (a provider's signed notice, JSON inside a query) passes the same text rule as
  // every request body does in api/text-guard.ts.
  const problem = firstTextProblem(input, 'body');
  if (problem) throw new ValidationError(problem.field, problem.message);
  const r = schema.safeParse(input ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue.path.join('.') || 'body';
  const message = issue.message.startsWith('Invalid input') || issue.code === 'invalid_type' ? `${field} is ${issue.code === 'invalid_type' && issue.input === undefined ? 'required' : 'invalid'}.` : issue.message;
  throw new ValidationError(field, message);
}

/** Trimmed non-empty string with the spec's message when missing. */
export const text = (message: string, max = 1000) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: `Must be at most ${max} characters.` });
