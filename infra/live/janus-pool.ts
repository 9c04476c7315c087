// Several Janus instances behind one media server (JANUS_URL=ws://a:8188,ws://b:8188): each room lives on one
// instance, chosen when it is created (the one with the fewest rooms this API node opened that is up), and its id
// carries the instance's index (room % 64), so every API node finds a room's instance from the id alone. The
// instances share the admin key, the api secret and (for recordings) one folder mounted at the same path.
import { MAX_JANUS_INSTANCES, instanceOfRoom } from './janus';
import { LiveMediaUnavailableError, type LiveMediaServer, type LiveMediaStatus, type LiveRelayBackend, type LiveRoom } from './port';

type Instance = LiveMediaServer & { relay: LiveRelayBackend };

export function createJanusPool(instances: Instance[], opts: { statusUrl: string }): LiveMediaServer & { relay: LiveRelayBackend } {
  if (instances.length < 1 || instances.length > MAX_JANUS_INSTANCES) throw new Error(`A pool has 1 to ${MAX_JANUS_INSTANCES} Janus instances.`);
  const open = instances.map(() => new Set<number>());
  /** Rooms being created right now, counted at once so that rooms created together spread too. */
  const creating = instances.map(() => 0);
  const of = (room: number): Instance => {
    const i = instanceOfRoom(room);
    if (i >= instances.length) throw new LiveMediaUnavailableError(`Room ${room} is on no configured Janus instance.`);
    return instances[i];
  };
  const pool: LiveMediaServer & { relay: LiveRelayBackend } = {
    status(): LiveMediaStatus {
      const all = instances.map((x) => x.status());
      if (all.some((s) => s.available)) return { available: true, url: opts.statusUrl };
      const first = all[0] as { reason: string };
      return { available: false, reason: first.reason };
    },
    async createRoom(o) {
      const up = instances.map((x, i) => ({ x, i })).filter(({ x }) => x.status().available);
      if (!up.length) throw new LiveMediaUnavailableError((pool.status() as { reason: string }).reason);
      const load = (i: number) => open[i].size + creating[i];
      const fewest = Math.min(...up.map(({ i }) => load(i)));
      const choices = up.filter(({ i }) => load(i) === fewest);
      const { x, i } = choices[Math.floor(Math.random() * choices.length)];
      creating[i]++;
      try {
        const room = await x.createRoom(o);
        open[i].add(room.room);
        return room;
      } finally {
        creating[i]--;
      }
    },
    allow: (room: LiveRoom, tokens: string[]) => of(room.room).allow(room, tokens),
    disallow: (room: LiveRoom, tokens: string[]) => of(room.room).disallow(room, tokens),
    listParticipants: (room: LiveRoom) => of(room.room).listParticipants(room),
    async destroyRoom(room) {
      await of(room.room).destroyRoom(room);
      open[instanceOfRoom(room.room)]?.delete(room.room);
    },
    // Every instance writes into the one shared recordings folder, so any of them converts.
    finishRecording: (name) => instances[0].finishRecording(name),
    async close() {
      await Promise.all(instances.map((x) => x.close()));
    },
    relay: {
      url: instances[0].relay.url,
      apiSecret: instances[0].relay.apiSecret,
      urlFor: (room) => (instanceOfRoom(room) < instances.length ? instances[instanceOfRoom(room)].relay.url : instances[0].relay.url),
      pinOf: (room) => of(room).relay.pinOf(room),
      async allowedTokens(room) {
        if (!Number.isSafeInteger(room) || room <= 0 || instanceOfRoom(room) >= instances.length) return null;
        return of(room).relay.allowedTokens(room);
      },
      async tokenAllowed(room, token) {
        if (!Number.isSafeInteger(room) || room <= 0 || instanceOfRoom(room) >= instances.length) return false;
        return of(room).relay.tokenAllowed(room, token);
      },
      onRevoked(listener) {
        const stops = instances.map((x) => x.relay.onRevoked(listener));
        return () => stops.forEach((s) => s());
      },
    },
  };
  return pool;
}
