// Media events written straight to the store, for tests that need media in a state the worker would not leave
// it in: held in 'processing' (its first attempt failed with the retry a day away) or failed for good.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { mediaStream } from '../../domain/media/media';
import type { NewEvent } from '../../infra/eventstore/port';
import type { TestServer } from './server';

const DAY = 86_400_000;

export function mediaEvents(t: () => TestServer, actorId: () => string) {
  /** Appends to the media's stream and waits for the read models. */
  const append = async (mediaId: string, events: { type: string; data: Record<string, unknown> }[]) => {
    const metadata = { correlationId: randomUUID(), causationId: null, userId: actorId(), role: 'admin', proxyAdminId: null, ip: null, at: new Date().toISOString() };
    const r = await t().server.services.store.appendToStream(
      mediaStream(mediaId),
      events.map((e): NewEvent => ({ id: randomUUID(), type: e.type, data: e.data, metadata })),
      { expectedRevision: 'any' },
    );
    expect(await t().server.services.runner.waitFor(r.position, 10_000)).toBe(true);
  };
  /** A photo held in 'processing' until the test decides its fate. */
  const heldMedia = async () => {
    const mediaId = randomUUID();
    const at = new Date().toISOString();
    await append(mediaId, [
      { type: 'MediaUploaded', data: { mediaId, kind: 'photo', fileName: 'held.jpg', contentType: 'image/jpeg', size: 1000, uploadedBy: actorId(), uploadedAt: at } },
      { type: 'MediaProcessingAttemptFailed', data: { mediaId, attempt: 1, reason: 'held by the test', at, retryAt: new Date(Date.now() + DAY).toISOString() } },
    ]);
    return mediaId;
  };
  /** The media's processing failed for good (the spec's error state). */
  const fail = (mediaId: string) => append(mediaId, [{ type: 'MediaProcessingFailed', data: { mediaId, reason: 'broken file' } }]);
  return { append, heldMedia, fail };
}
