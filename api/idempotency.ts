// `Idempotency-Key` on a state-changing request (POST, PUT, PATCH, DELETE on any route): the first answer below
// 500 is stored and replayed for retries with the same key (header `idempotent-replayed: true`); a 5xx answer, or
// 409 CONCURRENT_UPDATE ('Please try again.') or PROVIDER_NOT_CONFIGURED, is forgotten so a retry runs again. A retry while the first attempt still runs is 409 IDEMPOTENCY_IN_PROGRESS;
// once that attempt's lease ran out or its process is gone (infra/idempotency/store.ts), the retry runs the
// request again. The same key with another body or route is 422 IDEMPOTENCY_MISMATCH.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/shared/decider';
import type { Services } from './services';

/** 409s that changed nothing and may go otherwise on a retry: the key is forgotten. */
const FORGOTTEN_CONFLICTS = new Set(['CONCURRENT_UPDATE', 'PROVIDER_NOT_CONFIGURED']);

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { scope: string; key: string; renewal: NodeJS.Timeout | null } | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function fingerprint(request: FastifyRequest): string {
  return createHash('sha256').update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`).digest('hex');
}

export function registerIdempotency(app: FastifyInstance, services: Services) {
  app.decorateRequest('idempotency', null);
  // Reads carry no key: they pass these hooks without a promise (the async part runs only for a keyed write).
  const begin = async (request: FastifyRequest, reply: FastifyReply, key: string) => {
    if (!/^[\w.:-]{8,128}$/.test(key)) throw new DomainError('Invalid Idempotency-Key header.', 'BAD_IDEMPOTENCY_KEY', 400, { field: 'Idempotency-Key' });
    const scope = request.caller?.userId ?? `ip:${request.ip}`;
    const store = services.idempotency;
    const begun = await store.begin(scope, key, fingerprint(request));
    if (begun.state === 'done') {
      reply.code(begun.response.status).header('idempotent-replayed', 'true').send(begun.response.body);
      return true;
    }
    if (begun.state === 'busy') throw new DomainError('This request is already being processed.', 'IDEMPOTENCY_IN_PROGRESS', 409);
    if (begun.state === 'mismatch') throw new DomainError('This Idempotency-Key was used for a different request.', 'IDEMPOTENCY_MISMATCH', 422);
    // A slow request keeps its key: the lease is renewed while it runs (a third of the lease at a time).
    const renewal = setInterval(() => void store.renew(scope, key).catch(() => {}), (store.leaseSeconds * 1000) / 3);
    renewal.unref();
    request.idempotency = { scope, key, renewal };
    return false;
  };
  app.addHook('preHandler', (request, reply, done) => {
    const key = request.headers['idempotency-key'];
    if (!STATE_CHANGING.has(request.method) || typeof key !== 'string') return done();
    // A replayed answer is sent from here; the handler must not run (and done is not called).
    begin(request, reply, key).then((sent) => (sent ? undefined : done()), done);
  });
  const finish = async (request: FastifyRequest, reply: FastifyReply, payload: unknown, idem: NonNullable<FastifyRequest['idempotency']>) => {
    request.idempotency = null;
    if (idem.renewal) clearInterval(idem.renewal);
    let body: unknown = payload;
    try {
      body = typeof payload === 'string' ? JSON.parse(payload) : payload;
    } catch {
      /* not JSON: stored as text */
    }
    // A 5xx, 'Please try again.' after losing every race on a busy stream, or a provider not set up yet, changed nothing: forget the key so
    // the retry runs again instead of being told to try again forever.
    const tryAgain = reply.statusCode === 409 && FORGOTTEN_CONFLICTS.has(String((body as { code?: unknown } | null)?.code));
    if (reply.statusCode >= 500 || tryAgain) await services.idempotency.abandon(idem.scope, idem.key);
    else {
      await failpoint();
      await services.idempotency.complete(idem.scope, idem.key, { status: reply.statusCode, body });
    }
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    const idem = request.idempotency;
    if (!idem) return done(null, payload);
    finish(request, reply, payload, idem).then(() => done(null, payload), (e: Error) => done(e));
  });
  // A request that ends without an answer (the client went away mid-way) stops renewing; its lease then runs out.
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.idempotency?.renewal) clearInterval(request.idempotency.renewal);
    done();
  });
}

/**
 * Test hook for the crash test: the command has run, its answer is not stored yet — hold here until the process
 * is killed for real (the worst moment for a retry: the work is done, the key still says in progress).
 */
async function failpoint() {
  if (process.env.FANCLUB_FAILPOINT !== 'idempotency-before-answer') return;
  console.log('failpoint: holding the answer');
  await new Promise(() => {});
}
