// The one boundary check of text (domain/shared/text.ts) on every route: route params, the query and the
// parsed body are walked before validation, authorisation or any command, so a refused character answers 400
// naming the field and never reaches the event store (Postgres refuses U+0000 and lone surrogates in jsonb).
// Multipart bodies are streamed by their routes, which read only the file parts.
import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../domain/shared/validation';
import { firstTextProblem } from '../domain/shared/text';

/**
 * A URL of printable ASCII with no percent-escape: its params and (flat) query are substrings of it, so none of
 * them can hold a refused character. Most reads are such URLs and skip the walk.
 */
const plainUrl = (url: string) => !/[^\x21-\x24\x26-\x7e]/.test(url);

export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined && plainUrl(request.url)) return done();
    const problem =
      firstTextProblem(request.params, 'params') ?? firstTextProblem(request.query, 'query') ?? firstTextProblem(request.body, 'body');
    done(problem ? new ValidationError(problem.field, problem.message) : undefined);
  });
}
