// Records the creator's presence (domain/creator/presence.ts) from the hub's live view: online at once, offline
// after a short grace (a reload of the console is not "went offline"), while online again every few minutes so the
// last-seen time survives a crash, and at start, once other nodes had time to report, a presence nobody closed.
// Every node records what it sees; the decider makes a repeat a no-op.
import { CREATOR_SEEN_EVERY_MS, type CreatorPresenceCommand } from '../../domain/creator/presence';
import { commandContext } from '../../commands/handle';
import { recordCreatorPresence } from '../../commands/creator-presence';
import type { Services } from '../services';
import type { Hub } from './hub';

export const OFFLINE_GRACE_MS = 3_000;
const CHECK_MS = 60_000;

export function creatorPresenceRecorder(services: Services, hub: Hub, options: { startCheckMs?: number } = {}) {
  let offlineTimer: NodeJS.Timeout | null = null;
  let ticker: NodeJS.Timeout | null = null;
  let startCheck: NodeJS.Timeout | null = null;
  let lastOnlineRecord = 0;
  let chain: Promise<unknown> = Promise.resolve();
  /** The offline record waiting out the grace (recorded at once when the server stops). */
  let pendingOffline: string | null = null;

  const run = (command: CreatorPresenceCommand) => {
    chain = chain
      .then(() => recordCreatorPresence(commandContext(services.store, { userId: null, role: 'system' }, services.clock), command))
      .catch((e) => console.error('[realtime] creator presence not recorded:', (e as Error).message));
    return chain;
  };
  const online = () => {
    lastOnlineRecord = services.clock().getTime();
    return run({ type: 'RecordCreatorPresence', online: true, at: services.clock().toISOString() });
  };

  return {
    start() {
      hub.onCreatorPresence((isOnline) => {
        if (isOnline) {
          if (offlineTimer) clearTimeout(offlineTimer);
          offlineTimer = null;
          pendingOffline = null;
          void online();
          return;
        }
        const at = services.clock().toISOString();
        if (offlineTimer) clearTimeout(offlineTimer);
        pendingOffline = at;
        offlineTimer = setTimeout(() => {
          offlineTimer = null;
          pendingOffline = null;
          if (!hub.creatorOnline()) void run({ type: 'RecordCreatorPresence', online: false, at });
        }, OFFLINE_GRACE_MS);
        offlineTimer.unref();
      });
      ticker = setInterval(() => {
        if (hub.creatorOnline() && services.clock().getTime() - lastOnlineRecord >= CREATOR_SEEN_EVERY_MS) void online();
      }, CHECK_MS);
      ticker.unref();
      startCheck = setTimeout(() => {
        if (!hub.creatorOnline()) void run({ type: 'CloseCreatorPresence' });
      }, options.startCheckMs ?? 20_000);
      startCheck.unref();
    },
    async stop() {
      hub.onCreatorPresence(null);
      for (const t of [offlineTimer, startCheck]) if (t) clearTimeout(t);
      if (ticker) clearInterval(ticker);
      // Going down with the creator's sockets: they left now, not at the last record.
      if (pendingOffline && !hub.creatorOnline()) void run({ type: 'RecordCreatorPresence', online: false, at: pendingOffline });
      pendingOffline = null;
      await chain;
    },
  };
}
