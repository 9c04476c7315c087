// The media server on Janus' VideoRoom plugin (a Janus the API starts itself, or one at JANUS_URL).
// Rooms: a random id per live session, created with the admin key, private (not listed), with a secret (to edit
// or destroy it) and a pin (to join it) both derived from the admin key and the room id, so every API node can
// work out a room's credentials from its id; the `allowed` list starts empty and Janus refuses publishers whose
// token is not on it. Janus does not check tokens of subscribers, so the browser relay asks tokenAllowed before
// every join (api/live/janus-relay.ts).
import { createHmac, randomInt } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { createJanusAdminClient, JanusError, openJanusSocket, requestOnce, VIDEOROOM_ERRORS, type JanusAdminClient } from './janus-client';
import { freeLocalPort, startJanusProcess, type JanusProcess, type JanusProcessOptions } from './janus-process';
import { LiveMediaUnavailableError, type LiveMediaServer, type LiveMediaStatus, type LiveRelayBackend } from './port';
import { assertRecordingName, convertRecording } from './recording';

export interface JanusLiveMediaOptions {
  /** The Janus WebSocket API, e.g. ws://127.0.0.1:8188. */
  url: string;
  adminKey: string;
  apiSecret?: string;
  /** Where this process reads recordings; Janus is told to write them to the same path (rec_dir). */
  recordingsDir: string;
  log?: (m: string) => void;
  /** A Janus this object owns: stopped by close(), started again if it dies. */
  process?: { current: JanusProcess; restart: () => Promise<JanusProcess> };
  /** This Janus' index among several (JANUS_URL with a list); 0 when alone. */
  instanceIndex?: number;
  /** The url status() gives the apps (the API's relay path); default the Janus url. */
  statusUrl?: string;
  /** A Janus elsewhere (JANUS_URL): how often its health is checked. Default 15 s. */
  healthIntervalMs?: number;
}

/** Several Janus instances (infra/live/janus-pool.ts): a room id's remainder by this is its instance's index. */
export const MAX_JANUS_INSTANCES = 64;
/** Room ids are random integers below 2^53 (JSON-safe; guessing one gives nothing without a token anyway) that
 *  carry the index of the instance they live on. */
const newRoomId = (instance: number) => randomInt(1, 2 ** 46) * MAX_JANUS_INSTANCES + instance;
export const instanceOfRoom = (room: number) => room % MAX_JANUS_INSTANCES;

export function createJanusLiveMedia(o: JanusLiveMediaOptions): LiveMediaServer & { relay: LiveRelayBackend } {
  const log = o.log ?? (() => {});
  const client: JanusAdminClient = createJanusAdminClient({ url: o.url, apiSecret: o.apiSecret });
  const derive = (what: string, room: number, length: number) => createHmac('sha256', o.adminKey).update(`fanclub-live:${what}:${room}`).digest('base64url').slice(0, length);
  const secretOf = (room: number) => derive('secret', room, 32);
  const pinOf = (room: number) => derive('pin', room, 16);
  const revoked = new EventEmitter();
  revoked.setMaxListeners(0);
  const available: LiveMediaStatus = { available: true, url: o.statusUrl ?? o.url };
  let status: LiveMediaStatus = available;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  // The Janus we own: if it dies, live shows as unavailable until it is back (rooms of that Janus are gone).
  const watch = (p: JanusProcess) => {
    void p.exited.then(async (code) => {
      if (closed) return;
      status = { available: false, reason: `The Janus media server stopped (exit ${code}); it is being started again.` };
      log(`[janus] stopped unexpectedly (exit ${code}); starting it again`);
      revoked.emit('revoked', 0, 'all');
      for (let delay = 1_000; !closed; delay = Math.min(delay * 2, 30_000)) {
        await new Promise((r) => setTimeout(r, delay));
        if (closed) return;
        try {
          o.process!.current = await o.process!.restart();
          status = available;
          watch(o.process!.current);
          return;
        } catch (e) {
          status = { available: false, reason: `The Janus media server could not be started again: ${(e as Error).message}` };
        }
      }
    });
  };
  if (o.process) watch(o.process.current);
  else {
    // A Janus elsewhere: checked now and then, so the apps show "unavailable" while it is down.
    const check = async () => {
      const ws = await openJanusSocket(o.url, 3_000).catch(() => null);
      const info = ws ? await requestOnce(ws, { janus: 'info', ...(o.apiSecret ? { apisecret: o.apiSecret } : {}) }, 3_000).catch(() => null) : null;
      ws?.close();
      if (closed) return;
      status = info?.janus === 'server_info' ? available : { available: false, reason: `The Janus media server at ${o.url} does not answer.` };
    };
    void check();
    timer = setInterval(() => void check(), o.healthIntervalMs ?? 15_000);
    timer.unref();
  }

  const ensure = () => {
    if (closed) throw new LiveMediaUnavailableError('The media server is closed.');
    if (!status.available) throw new LiveMediaUnavailableError(status.reason);
  };
  const tokensOk = (tokens: string[]) => {
    for (const t of tokens) if (typeof t !== 'string' || t.length < 8 || t.length > 200) throw new Error('A live token must be a string of 8 to 200 characters.');
  };
  const call = async (body: Record<string, unknown>) => {
    ensure();
    return client.videoroom(body);
  };

  /** 'add' with nothing to add answers the room's current list (the room's secret is needed: only the server can). */
  const allowedTokens = async (room: number): Promise<string[] | null> => {
    if (!Number.isSafeInteger(room) || room <= 0) return null;
    try {
      const data = await call({ request: 'allowed', room, secret: secretOf(room), action: 'add', allowed: [] });
      return (data.allowed ?? []) as string[];
    } catch (e) {
      if (e instanceof JanusError && (e.code === VIDEOROOM_ERRORS.noSuchRoom || e.code === VIDEOROOM_ERRORS.unauthorized)) return null;
      throw e;
    }
  };

  return {
    status: () => (closed ? { available: false, reason: 'The media server is closed.' } : status),

    async createRoom(opts) {
      assertRecordingName(opts.recordingName);
      const recDir = path.join(o.recordingsDir, opts.recordingName);
      if (opts.record) fs.mkdirSync(recDir, { recursive: true });
      for (let attempt = 0; ; attempt++) {
        const room = newRoomId(o.instanceIndex ?? 0);
        const secret = secretOf(room);
        const pin = pinOf(room);
        try {
          await call({
            request: 'create', admin_key: o.adminKey, room, permanent: false, is_private: true,
            description: opts.description.slice(0, 100), secret, pin, allowed: [],
            publishers: opts.maxPublishers ?? 1, bitrate: 2_000_000, fir_freq: 10,
            audiocodec: 'opus', videocodec: 'vp8,h264', notify_joining: false,
            record: opts.record, ...(opts.record ? { rec_dir: recDir } : {}),
          });
          return { room, secret, pin };
        } catch (e) {
          if (e instanceof JanusError && e.code === 427 && attempt < 3) continue; // the id is taken: another one
          throw e;
        }
      }
    },

    async allow(room, tokens) {
      tokensOk(tokens);
      if (!tokens.length) return;
      await call({ request: 'allowed', room: room.room, secret: room.secret, action: 'add', allowed: tokens });
    },

    async disallow(room, tokens) {
      tokensOk(tokens);
      if (!tokens.length) return;
      try {
        await call({ request: 'allowed', room: room.room, secret: room.secret, action: 'remove', allowed: tokens });
      } catch (e) {
        if (!(e instanceof JanusError && e.code === VIDEOROOM_ERRORS.noSuchRoom)) throw e;
      }
      // The relay drops whoever joined with them (a publisher is also kicked out of the room by Janus then).
      revoked.emit('revoked', room.room, tokens);
    },

    async listParticipants(room) {
      try {
        const data = await call({ request: 'listparticipants', room: room.room });
        const list = (data.participants ?? []) as Array<{ id: number; display?: string; publisher?: boolean }>;
        return list.map((p) => ({ id: Number(p.id), display: String(p.display ?? ''), publisher: !!p.publisher }));
      } catch (e) {
        if (e instanceof JanusError && e.code === VIDEOROOM_ERRORS.noSuchRoom) return [];
        throw e;
      }
    },

    async destroyRoom(room) {
      try {
        await call({ request: 'destroy', room: room.room, secret: room.secret, permanent: false });
      } catch (e) {
        if (!(e instanceof JanusError && e.code === VIDEOROOM_ERRORS.noSuchRoom)) throw e;
      }
      revoked.emit('revoked', room.room, 'all');
    },

    async finishRecording(recordingName) {
      assertRecordingName(recordingName);
      const folder = path.join(o.recordingsDir, recordingName);
      // Janus closes the files when the room goes; give its writer a moment after destroyRoom.
      await new Promise((r) => setTimeout(r, 200));
      return convertRecording(folder, path.join(o.recordingsDir, `${recordingName}.mp4`));
    },

    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearInterval(timer);
      await client.close().catch(() => {});
      await o.process?.current.stop();
    },

    relay: {
      url: o.url,
      apiSecret: o.apiSecret,
      pinOf,
      allowedTokens,
      async tokenAllowed(room, token) {
        if (typeof token !== 'string' || !token) return false;
        return (await allowedTokens(room))?.includes(token) ?? false;
      },
      onRevoked(listener) {
        revoked.on('revoked', listener);
        return () => void revoked.off('revoked', listener);
      },
    },
  };
}

/** A free port can be taken by another program between choosing it and Janus binding it: so many tries. */
const FREE_PORT_ATTEMPTS = 3;

/** Starts Janus as a child process and gives the media server on it. With no `wsPort`, its WebSocket API takes a
 *  port that is free on 127.0.0.1 (another one if that was taken before Janus bound it); a restart keeps the port. */
export async function spawnJanusLiveMedia(o: Omit<JanusProcessOptions, 'log' | 'wsPort'> & { wsPort?: number; log?: (m: string) => void; statusUrl?: string; instanceIndex?: number }): Promise<LiveMediaServer & { relay: LiveRelayBackend }> {
  let wsPort = o.wsPort;
  let current: JanusProcess;
  for (let attempt = 1; ; attempt++) {
    const port = wsPort ?? (await freeLocalPort());
    try {
      current = await startJanusProcess({ ...o, wsPort: port });
      wsPort = port;
      break;
    } catch (e) {
      if (o.wsPort !== undefined || attempt >= FREE_PORT_ATTEMPTS) throw e;
    }
  }
  const start = () => startJanusProcess({ ...o, wsPort: wsPort! });
  return createJanusLiveMedia({ url: current.url, adminKey: o.adminKey, apiSecret: o.apiSecret, recordingsDir: o.recordingsDir, log: o.log, statusUrl: o.statusUrl, instanceIndex: o.instanceIndex, process: { current, restart: start } });
}
