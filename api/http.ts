// HTTP conventions: the spec's envelope, zod validation that names the field, and errors without stack traces.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ValidationError } from '../domain/shared/validation';
import { firstTextProblem } from '../domain/shared/text';
import { formatPosition, type Position } from '../infra/eventstore/port';
import type { DomainError } from '../domain/shared/decider';
import { dollarsFromCents } from '../domain/shared/money';
import type { InsufficientFundsDetails } from '../domain/pricing/pricing';
import type { InsufficientFundsData } from '../domain/wallet/wire';

export function ok<T>(reply: FastifyReply, data: T, extra: { message?: string; position?: Position | null } = {}) {
  return reply.send({
    success: 1,
    ...(extra.message ? { message: extra.message } : {}),
    data,
    ...(extra.position ? { position: formatPosition(extra.position) } : {}),
  });
}

/** 402 INSUFFICIENT_FUNDS with what is missing: the fan site opens Add Funds with it, then retries. Every wallet
 *  purchase answers it (posts, tips, chat), so it lives here rather than in one area's routes. */
export function sendInsufficientFunds(reply: FastifyReply, e: DomainError) {
  const d = e.details as InsufficientFundsDetails;
  const data: InsufficientFundsData = {
    price_cents: d.priceCents,
    wallet_balance_cents: d.balanceCents,
    shortfall_cents: d.shortfallCents,
    add_funds_cents: d.addFundsCents,
    shortfall: dollarsFromCents(d.shortfallCents),
    add_funds_amount: dollarsFromCents(d.addFundsCents),
  };
  return reply.code(402).send({ success: 0, message: e.message, code: e.code, data });
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
