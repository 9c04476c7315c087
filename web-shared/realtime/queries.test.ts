import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { SocketLike } from './client';
import { bindLiveReload, createAppQueryClient } from './queries';
import { createLiveStore } from './store';
import { uniqueBy } from '../paging/usePagedList';

/** A socket the test answers as the server. */
function fakeSocket() {
  const s: SocketLike & { frame(f: unknown): void } = {
    readyState: 1, onopen: null, onmessage: null, onclose: null, onerror: null,
    send: () => undefined,
    close: () => undefined,
    frame: (f) => s.onmessage?.({ data: JSON.stringify(f) }),
  };
  return s;
}

describe('the live connection and the query cache', () => {
  it('a RESYNC marks every cached query stale and reads again the ones a screen shows', async () => {
    const sockets: ReturnType<typeof fakeSocket>[] = [];
    const store = createLiveStore({ open: () => { const s = fakeSocket(); sockets.push(s); return s; }, url: () => 'ws://x/ws' });
    const client = createAppQueryClient();
    const unbind = bindLiveReload(store, client);
    let reads = 0;
    // A query on screen (an observer) and one only in the cache.
    const observer = new QueryObserver(client, { queryKey: ['shown'], queryFn: async () => ++reads, staleTime: Infinity });
    const off = observer.subscribe(() => undefined);
    await expect.poll(() => observer.getCurrentResult().data).toBe(1);
    client.setQueryData(['cached'], 'old');

    store.start(() => undefined);
    sockets[0]!.frame({ type: 'AUTH_OK', data: {} });
    sockets[0]!.frame({ type: 'RESYNC', data: {} });

    await expect.poll(() => observer.getCurrentResult().data).toBe(2);
    expect(client.getQueryState(['cached'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['shown'])?.isInvalidated).toBe(false);

    // Unbound: a reload no longer reaches the cache.
    unbind();
    sockets[0]!.frame({ type: 'RESYNC', data: {} });
    await new Promise((r) => setTimeout(r, 20));
    expect(observer.getCurrentResult().data).toBe(2);
    off();
    store.stop();
  });

  it('a paged list keeps the first row of each id, in order', () => {
    expect(uniqueBy([{ id: 'a' }, { id: 'b' }, { id: 'a' }, { id: 'c' }], (r) => r.id).map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });
});
