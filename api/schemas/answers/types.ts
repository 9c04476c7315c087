// A route's success answers by status: the envelope around `data` (answer() in api/openapi-envelopes.ts), or for
// the console's /admin-api/ routes the record or array itself.
import type { z } from 'zod';

export type RouteAnswers = Record<string, Partial<Record<number, z.ZodType>>>;
