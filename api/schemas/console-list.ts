// The console's list parameters in ra-data-simple-rest's conventions: sort, range and filter as JSON query
// parameters, the total in Content-Range. Every console list (posts, users, promotions, crypto payments, …) reads them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ValidationError } from '../../domain/shared/validation';
import { firstTextProblem, textNotAllowed } from '../../domain/shared/text';
import type { ListParams, ListResult } from '../../projections/console-lists';

export function jsonParam<T>(raw: unknown, name: string, schema: z.ZodType<T>, fallback: T): T {
  if (raw === undefined || raw === '') return fallback;
  let value: unknown;
  try {
    value = JSON.parse(String(raw));
  } catch {
    throw new ValidationError(name, `${name} must be JSON.`);
  }
  // The JSON inside the parameter is text the boundary check could not see (`"\u0000"` is six plain characters).
  const refused = firstTextProblem(value, name);
  if (refused) {
    const field = refused.field === name ? name : `${name}.${refused.field}`;
    throw new ValidationError(field, textNotAllowed(field));
  }
  const r = schema.safeParse(value);
  if (!r.success) throw new ValidationError(name, `${name} is invalid.`);
  return r.data;
}

/** A calendar date or date-time the database reads the same way (2024-05-01, 2024-05-01T10:00:00.000Z), or nothing. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d, h = '0', mi = '0', sec = '0'] = m.slice(1).map((x) => x ?? undefined) as string[];
  const at = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  return Number(y) >= 1 && at.getUTCMonth() === Number(mo) - 1 && at.getUTCDate() === Number(d) && Number(h) < 24 && Number(mi) < 60 && Number(sec) < 60;
}

/** Date bounds of a list filter (`created_at_gte`, `recorded_at_lte`, …) must be dates: else 400 naming them. */
function checkDateBounds(filter: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(filter)) {
    if (!/_(gte|lte|gt|lt)$/.test(key) || value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string' || !isIsoDate(value)) throw new ValidationError(`filter.${key}`, `filter.${key} must be a date (YYYY-MM-DD).`);
  }
  return filter;
}

export function listParams(request: FastifyRequest, defaultSort: string): ListParams {
  const q = request.query as Record<string, unknown>;
  return {
    sort: jsonParam(q.sort, 'sort', z.tuple([z.string().max(64), z.enum(['ASC', 'DESC'])]), [defaultSort, 'DESC']),
    // [first, last] rows, last not before first (an inverted range would ask the database for a negative LIMIT).
    range: jsonParam(q.range, 'range', z.tuple([z.number().int().min(0).max(1e9), z.number().int().min(0).max(1e9)]).refine(([first, last]) => last >= first), [0, 24]),
    filter: checkDateBounds(jsonParam(q.filter, 'filter', z.record(z.string(), z.unknown()), {})),
  };
}

export function sendList(reply: FastifyReply, resource: string, p: ListParams, result: ListResult<unknown>, records: unknown[]) {
  const from = p.range[0];
  const to = records.length ? from + records.length - 1 : from;
  return reply.header('content-range', `${resource} ${from}-${to}/${result.total}`).header('access-control-expose-headers', 'Content-Range').send(records);
}

/**
 * The list parameters as the OpenAPI document shows them (listParams() reads and checks them; this schema is not
 * used to validate).
 */
export const consoleListQuery = z.object({
  sort: z.string().optional().describe('JSON `["field", "ASC" | "DESC"]`; default: the list\'s own date field, DESC.'),
  range: z.string().optional().describe('JSON `[first, last]`: the rows to answer (0-based, both included); default `[0, 24]`.'),
  filter: z.string().optional().describe('JSON object of the list\'s filters; a field ending in `_gte`, `_lte`, `_gt` or `_lt` takes a date (YYYY-MM-DD).'),
});
