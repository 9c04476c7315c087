// GET /api/stream/janus[?room=<room>] (subprotocol janus-protocol): the browsers' only way to Janus (with several
// Janus instances, ?room= picks the room's instance; always pass it). A signed-in session is
// required (the route table; a session cookie counts only on an upgrade from the site's own pages), and each
// browser socket gets its own upstream socket to Janus' WebSocket API, so Janus drops the browser's sessions
// when it goes. Only what a publisher or a viewer needs passes: create (a session), attach to
// janus.plugin.videoroom, messages whose body is join/publish/configure/unpublish/start/leave, trickle,
// keepalive, detach, destroy, each on the socket's own sessions and handles (the rule: domain/live/relay-frames.ts,
// checkRelayFrame). A join must carry a token that is
// on the room's allowed list right now (Janus checks tokens only of publishers, so the relay asks for every
// join) and pass the join policy (only the API's publishers publish); the relay adds the room's pin and sets
// the display to the caller's user id. Room administration (create/destroy/edit/allowed/kick/list…), other
// plugins, the admin API and recording switches never reach Janus: they are answered with an error here.
// A token taken back (disallow, destroyRoom, or found missing on the periodic re-check) closes the socket.
// Presence: the relay pings every browser socket (a browser answers by itself) and drops one that has answered
// nothing for a few seconds; it tells the API's live rules (services.livePresence) when a joined handle's media comes
// up (Janus' webrtcup), when the browser answers, and when the connection is lost — the socket closed or died, Janus
// hung the handle up, or it left the room — so a viewer whose browser died leaves within seconds, and a publisher's
// grace starts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import WebSocket from 'ws';
import { DomainError } from '../../domain/shared/decider';
import { checkRelayFrame, countRelayFrame, isJsonObject as isObject, type RelayJoin, type RelayNote } from '../../domain/live/relay-frames';
import type { LiveJoinPolicy, LiveMediaConnection, LivePresence, LiveRelayBackend } from '../../infra/live/port';
import { fromOwnOrigin, requireCaller } from '../auth';
import type { Services } from '../services';

export const JANUS_RELAY_PATH = '/api/stream/janus';

/** Close codes of the relay socket (4xxx: the reason says what to tell the user). */
export const RELAY_CLOSE = { unavailable: 1013, badFrame: 4400, revoked: 4403, tooManyFrames: 4429, upstream: 1011, gone: 4408 } as const;

/** Default join policy: only the model and the live-stream manager publish; everyone with a token may view. */
export const PUBLISHER_ROLES = ['model', 'live_stream_manager'] as const;
export const defaultJoinPolicy: LiveJoinPolicy = async (caller, join) =>
  join.ptype === 'publisher' && !(PUBLISHER_ROLES as readonly string[]).includes(caller.role) ? 'Only the publisher of a live stream can publish.' : null;

type Json = Record<string, unknown>;
/** A message from Janus as the relay reads it: it passes each one on as it came, noting only these fields. */
type JanusMessage = {
  janus?: unknown;
  transaction?: unknown;
  sender?: unknown;
  session_id?: unknown;
  data?: { id?: unknown } | null;
  plugindata?: unknown;
};
type Joined = RelayJoin;

export interface RelayOptions {
  /** How often tokens of joined handles are checked again against Janus (another node's disallow). Default 5 s. */
  revalidateMs?: number;
  /** How often every socket is pinged. Default 2 s. */
  heartbeatMs?: number;
  /** A socket that answered nothing (pong or message) for this long is dead. Default 5 s. */
  deadAfterMs?: number;
}

/** Defaults of the relay's heartbeat: a dead browser is noticed within deadAfter + heartbeat (7 s). */
export const RELAY_HEARTBEAT_MS = 2_000;
export const RELAY_DEAD_AFTER_MS = 5_000;

export function registerJanusRelay(app: FastifyInstance, services: Services, options: RelayOptions = {}) {
  const revalidateMs = options.revalidateMs ?? 5_000;
  const heartbeatMs = options.heartbeatMs ?? RELAY_HEARTBEAT_MS;
  const deadAfterMs = options.deadAfterMs ?? RELAY_DEAD_AFTER_MS;

  // Open relay sockets: closed (1001) when the server stops, so it does not wait on them; and every revalidateMs
  // their joins are checked against the rooms' allowed lists (one request per room), for tokens another API node
  // took back (this node's own disallow/destroyRoom closes them at once through onRevoked).
  const open = new Set<{ goingAway: () => void; joined: () => Joined[]; revoke: (room: number, tokens: string[]) => void; beat: (nowMs: number) => void }>();
  app.addHook('preClose', async () => {
    for (const c of [...open]) c.goingAway();
  });
  const recheck = setInterval(() => {
    const backend = services.liveMedia.relay;
    if (!backend || open.size === 0) return;
    const rooms = new Set([...open].flatMap((c) => c.joined().map((j) => j.room)));
    for (const room of rooms)
      void backend.allowedTokens(room).then((list) => {
        for (const c of open) {
          const gone = c.joined().filter((j) => j.room === room && !(list ?? []).includes(j.token)).map((j) => j.token);
          if (gone.length) c.revoke(room, gone);
        }
      }).catch(() => {});
  }, revalidateMs);
  recheck.unref();
  // The heartbeat: every socket is pinged; one that answered nothing for deadAfterMs is dropped as lost.
  const heartbeat = setInterval(() => {
    const nowMs = Date.now();
    for (const c of [...open]) c.beat(nowMs);
  }, heartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(recheck);
    clearInterval(heartbeat);
  });

  app.get(
    JANUS_RELAY_PATH,
    {
      websocket: true,
      // A cookie rides along with any upgrade the browser makes: it counts only from the site's own pages.
      preHandler: async (request: FastifyRequest) => {
        if (!request.headers.authorization && !fromOwnOrigin(request, services))
          throw new DomainError('This request came from another site and was refused. Please use the site itself.', 'CROSS_SITE_REQUEST', 403);
      },
    },
    (socket: WebSocket, request) => {
      const caller = requireCaller(request);
      const backend: LiveRelayBackend | undefined = services.liveMedia.relay;
      const status = services.liveMedia.status();
      if (!backend || !status.available) return socket.close(RELAY_CLOSE.unavailable, status.available ? 'Live streaming is unavailable.' : status.reason.slice(0, 120));
      const offered = String(request.headers['sec-websocket-protocol'] ?? '').split(',').map((s) => s.trim());
      if (!offered.includes('janus-protocol')) return socket.close(RELAY_CLOSE.badFrame, 'Use the janus-protocol subprotocol.');

      const sessions = new Set<number>();
      /** `up`: Janus said the handle's media is up; `lost`: its loss was reported (once). */
      const handles = new Map<number, { session: number; joined: Joined | null; up: boolean; lost: boolean }>();
      const presence: LivePresence | undefined = services.livePresence;
      let lastAliveMs = Date.now();
      const connectionOf = (id: number, j: Joined): LiveMediaConnection => ({ userId: caller.userId, room: j.room, token: j.token, ptype: j.ptype, handle: String(id) });
      /** A joined handle's connection is lost (reported once); `gone`: the handle is forgotten too. */
      const lose = (id: number, cause: 'closed' | 'heartbeat' | 'hangup' | 'left') => {
        const h = handles.get(id);
        if (!h?.joined || h.lost) return;
        h.lost = true;
        h.up = false;
        presence?.lost(connectionOf(id, h.joined), cause);
      };
      const answered = () => {
        lastAliveMs = Date.now();
        for (const [id, h] of handles) if (h.joined && !h.lost) presence?.alive(connectionOf(id, h.joined));
      };
      /** Transactions whose answer the relay needs: a session or handle id to note, or a join to record. */
      const waiting = new Map<string, RelayNote | { kind: 'join'; handle: number; join: Joined }>();
      let frames = { startedAt: Date.now(), count: 0 };
      let closed = false;

      // Several Janus instances: the browser names the room it will join (?room=), and is relayed to its instance.
      const roomParam = Number((request.query as { room?: string } | undefined)?.room);
      const upstreamUrl = backend.urlFor && Number.isSafeInteger(roomParam) && roomParam > 0 ? backend.urlFor(roomParam) : backend.url;
      const upstream = new WebSocket(upstreamUrl, 'janus-protocol', { maxPayload: 8 * 1024 * 1024 });
      const upstreamOpen = new Promise<boolean>((resolve) => {
        upstream.once('open', () => resolve(true));
        upstream.once('error', () => resolve(false));
        upstream.once('close', () => resolve(false));
      });
      /** `cause`: how the browser's connections were lost (null: the server is going down, nothing is lost). */
      const shut = (code: number, reason: string, cause: 'closed' | 'heartbeat' | null = 'closed') => {
        if (closed) return;
        closed = true;
        open.delete(entry);
        stopListening();
        if (cause) for (const id of handles.keys()) lose(id, cause);
        // A browser that stopped answering cannot take part in a closing handshake.
        if (cause === 'heartbeat') socket.terminate();
        else if (socket.readyState === socket.OPEN) socket.close(code, reason);
        if (upstream.readyState === upstream.OPEN || upstream.readyState === upstream.CONNECTING) upstream.terminate();
      };
      const refuse = (m: Json, reason: string, code = 403) => {
        if (socket.readyState !== socket.OPEN) return;
        socket.send(JSON.stringify({ janus: 'error', ...(typeof m.transaction === 'string' ? { transaction: m.transaction } : {}), ...(typeof m.session_id === 'number' ? { session_id: m.session_id } : {}), error: { code, reason } }));
      };

      // Janus → browser: passed on as they are; answers the relay waits for are noted first.
      upstream.on('message', (raw) => {
        const text = raw.toString('utf8');
        let m: JanusMessage | null;
        try {
          m = JSON.parse(text);
        } catch {
          return;
        }
        if (!isObject(m)) return;
        const transaction = typeof m.transaction === 'string' ? m.transaction : null;
        const w = transaction === null ? undefined : waiting.get(transaction);
        if (w && transaction !== null && m.janus !== 'ack') {
          waiting.delete(transaction);
          const ok = m.janus === 'success' || m.janus === 'event';
          if (w.kind === 'create' && m.janus === 'success' && typeof m.data?.id === 'number') sessions.add(m.data.id);
          if (w.kind === 'attach' && m.janus === 'success' && typeof m.data?.id === 'number') handles.set(m.data.id, { session: w.session, joined: null, up: false, lost: false });
          if (w.kind === 'join' && ok) {
            const data = isObject(m.plugindata) ? m.plugindata.data : undefined;
            const h = handles.get(w.handle);
            if (h && isObject(data) && (data.videoroom === 'joined' || data.videoroom === 'attached')) h.joined = w.join;
          }
          if (w.kind === 'detach' && m.janus === 'success') {
            lose(w.handle, 'left');
            handles.delete(w.handle);
          }
          if (w.kind === 'destroy' && m.janus === 'success') {
            sessions.delete(w.session);
            for (const [id, h] of handles)
              if (h.session === w.session) {
                lose(id, 'left');
                handles.delete(id);
              }
          }
        }
        if (typeof m.sender === 'number') follow(m.sender, m);
        if (m.janus === 'detached' && typeof m.sender === 'number') handles.delete(m.sender);
        if (socket.readyState === socket.OPEN) socket.send(text);
      });
      upstream.on('close', () => shut(RELAY_CLOSE.upstream, 'The media server closed the connection.'));

      /** Janus' news about a joined handle: its media up, hung up, its own leave or unpublish, detached. */
      function follow(id: number, m: JanusMessage) {
        const h = handles.get(id);
        if (!h?.joined || h.lost) return;
        const data = isObject(m.plugindata) && isObject(m.plugindata.data) ? m.plugindata.data : null;
        if (m.janus === 'webrtcup' && !h.up) {
          h.up = true;
          presence?.connected(connectionOf(id, h.joined));
        } else if (m.janus === 'hangup') lose(id, 'hangup');
        else if (m.janus === 'detached') lose(id, 'left');
        // Its own leave or unpublish is answered 'ok' (another participant's carries their feed id instead).
        else if (data && (data.leaving === 'ok' || data.unpublished === 'ok' || data.left === 'ok')) lose(id, 'left');
        // A viewer whose every stream went inactive (the publisher left) receives nothing any more.
        else if (data && h.joined.ptype === 'subscriber' && data.videoroom === 'updated' && Array.isArray(data.streams) && data.streams.every((x: { active?: unknown } | null) => x?.active === false))
          lose(id, 'left');
      }
      upstream.on('error', () => {});

      // Browser → Janus, one frame at a time (a join waits for the token check).
      let chain: Promise<void> = Promise.resolve();
      socket.on('pong', answered);
      socket.on('message', (raw: Buffer, isBinary: boolean) => {
        answered();
        const counted = countRelayFrame(frames, Date.now());
        frames = counted.window;
        if (counted.tooMany) return shut(RELAY_CLOSE.tooManyFrames, 'Too many messages; please slow down.');
        if (isBinary) return shut(RELAY_CLOSE.badFrame, 'Messages are JSON text.');
        chain = chain.then(() => handle(raw.toString('utf8'))).catch((e) => {
          request.log.error({ err: e }, 'janus relay failed');
          shut(RELAY_CLOSE.upstream, 'Something went wrong.');
        });
      });
      socket.on('close', () => shut(1000, 'closed'));
      socket.on('error', () => socket.terminate());

      async function handle(text: string) {
        let m: unknown;
        try {
          m = JSON.parse(text);
        } catch {
          return shut(RELAY_CLOSE.badFrame, 'Messages are JSON.');
        }
        const checked = checkRelayFrame(m, { sessions, handles, pendingCreates: [...waiting.values()].filter((w) => w.kind === 'create').length });
        if (!checked.ok) return refuse(isObject(m) && typeof m.janus === 'string' ? m : {}, checked.reason, checked.code);
        const out = checked.out;
        if (checked.note) waiting.set(out.transaction, checked.note);
        if (checked.join) {
          const join = checked.join;
          // The API's live rules (services.liveJoinPolicy, read at each join) or the default.
          const policy: LiveJoinPolicy = services.liveJoinPolicy ?? defaultJoinPolicy;
          const refusal = await policy({ userId: caller.userId, role: caller.role }, join);
          if (refusal) return refuse(m as Json, refusal);
          if (!(await backend!.tokenAllowed(join.room, join.token))) return refuse(m as Json, 'Unauthorized (not in the allowed list)');
          // A join is a message on a handle: its frame carries the handle and the body.
          out.body = { ...out.body, pin: backend!.pinOf(join.room), display: caller.userId };
          waiting.set(out.transaction, { kind: 'join', handle: out.handle_id as number, join });
        }
        if (closed || !(await upstreamOpen)) return shut(RELAY_CLOSE.upstream, 'The media server is not reachable.');
        if (backend!.apiSecret) out.apisecret = backend!.apiSecret;
        upstream.send(JSON.stringify(out));
      }

      // Tokens taken back: at once when this process did it, within revalidateMs when another node did.
      const revoke = (room: number, tokens: string[] | 'all') => {
        for (const h of handles.values()) {
          if (!h.joined || (room !== 0 && h.joined.room !== room)) continue;
          if (tokens === 'all' || tokens.includes(h.joined.token)) return shut(RELAY_CLOSE.revoked, 'Your access to this live stream ended.');
        }
      };
      const stopListening = backend.onRevoked(revoke);
      const entry = {
        goingAway: () => shut(1001, 'The server is going down.', null),
        beat: (nowMs: number) => {
          if (nowMs - lastAliveMs > deadAfterMs) return shut(RELAY_CLOSE.gone, 'No answer from the browser.', 'heartbeat');
          if (socket.readyState === socket.OPEN) socket.ping();
        },
        joined: () => [...handles.values()].map((h) => h.joined).filter((j): j is Joined => !!j),
        revoke,
      };
      open.add(entry);
    },
  );
}
