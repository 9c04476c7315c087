// Console edits carry the version of what the editor saw. A record's version is the number of
// events in its stream (0 before the first): GET answers it as `ETag: "<version>"` and as the record's `version`
// field (react-admin's simple-rest provider keeps no headers); a PUT with `If-Match` is written only if the stream
// is still at that version, else 412 STALE_EDIT (commands/handle.ts). Without If-Match (API clients) an edit is
// applied to whatever is current, as before.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError } from '../domain/shared/validation';
import type { Services } from './services';

/** The stream's version now, after the read models have reached its last event (so the record read next is not older). */
export async function editVersion(services: Services, streamId: string): Promise<number> {
  const events = await services.store.readStream(streamId);
  const last = events[events.length - 1];
  if (last) await services.runner.waitFor(last.position, 5000);
  return versionOf(last ? last.revision : -1);
}

const versionOf = (revision: number) => revision + 1;

/** Sends the ETag and returns the record with its `version`. */
export function versioned<T extends object>(reply: FastifyReply, version: number, record: T): T & { version: number } {
  setEtag(reply, version);
  return { ...record, version };
}

/** The ETag alone, for answers whose shape is fixed by the spec (a save's `{ success, data, message }`). */
export function setEtag(reply: FastifyReply, version: number): void {
  reply.header('etag', `"${version}"`);
}

/**
 * The stream revision an If-Match pins the edit to (version − 1), or undefined without the header.
 * Accepts "3", W/"3" and a bare 3; anything else (or a list) is a 400 naming If-Match.
 */
export function ifMatchRevision(request: FastifyRequest): number | undefined {
  const raw = request.headers['if-match'];
  if (raw === undefined || raw === '') return undefined;
  const m = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(String(raw));
  if (!m) throw new ValidationError('If-Match', 'If-Match must be the ETag of the record being edited.');
  return Number(m[1]) - 1;
}
