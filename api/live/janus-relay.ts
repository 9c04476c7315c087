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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import WebSocket from 'ws';
import { DomainError } from '../../domain/shared/decider';
import { checkRelayFrame, countRelayFrame, isJsonObject as isObject, type RelayJoin, type RelayNote } from '../../domain/live/relay-frames';
import type { LiveJoinPolicy, LiveRelayBackend } from '../../infra/live/port';
import { fromOwnOrigin, requireCaller } from '../auth';
import type { Services } from '../services';

export const JANUS_RELAY_PATH = '/api/stream/janus';

/** Close codes of the relay socket (4xxx: the reason says what to tell the user). */
export const RELAY_CLOSE = { unavailable: 1013, badFrame: 4400, revoked: 4403, tooManyFrames: 4429, upstream: 1011 } as const;

/** Default join policy: only the model and the live-stream manager publish; everyone with a token may view. */
export const PUBLISHER_ROLES = ['model', 'live_stream_manager'] as const;
export const defaultJoinPolicy: LiveJoinPolicy = async (caller, join) =>
  join.ptype === 'publisher' && !(PUBLISHER_ROLES as readonly string[]).includes(caller.role) ? 'Only the publisher of a live stream can publish.' : null;

type Json = Record<string, any>;
type Joined = RelayJoin;

export interface RelayOptions {
  /** How often tokens of joined handles are checked again against Janus (another node's disallow). Default 5 s. */
  revalidateMs?: number;
}

export function registerJanusRelay(app: FastifyInstance, services: Services, options: RelayOptions = {}) {
  const revalidateMs = options.revalidateMs ?? 5_000;

  // Open relay sockets: closed (1001) when the server stops, so it does not wait on them; and every revalidateMs
  // their joins are checked against the rooms' allowed lists (one request per room), for tokens another API node
  // took back (this node's own disallow/destroyRoom closes them at once through onRevoked).
  const open = new Set<{ goingAway: () => void; joined: () => Joined[]; revoke: (room: number, tokens: string[]) => void }>();
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
  app.addHook('onClose', async () => clearInterval(recheck));

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
      const handles = new Map<number, { session: number; joined: Joined | null }>();
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
      const shut = (code: number, reason: string) => {
        if (closed) return;
        closed = true;
        open.delete(entry);
        stopListening();
        if (socket.readyState === socket.OPEN) socket.close(code, reason);
        if (upstream.readyState === upstream.OPEN || upstream.readyState === upstream.CONNECTING) upstream.terminate();
      };
      const refuse = (m: Json, reason: string, code = 403) => {
        if (socket.readyState !== socket.OPEN) return;
        socket.send(JSON.stringify({ janus: 'error', ...(typeof m.transaction === 'string' ? { transaction: m.transaction } : {}), ...(typeof m.session_id === 'number' ? { session_id: m.session_id } : {}), error: { code, reason } }));
      };

      // Janus → browser: passed on as they are; answers the relay waits for are noted first.
      upstream.on('message', (raw) => {
        const text = raw.toString('utf8');
        let m: Json | null = null;
        try {
          m = JSON.parse(text);
        } catch {
          return;
        }
        if (!isObject(m)) return;
        const w = typeof m.transaction === 'string' ? waiting.get(m.transaction) : undefined;
        if (w && m.janus !== 'ack') {
          waiting.delete(m.transaction);
          const ok = m.janus === 'success' || m.janus === 'event';
          if (w.kind === 'create' && m.janus === 'success' && typeof m.data?.id === 'number') sessions.add(m.data.id);
          if (w.kind === 'attach' && m.janus === 'success' && typeof m.data?.id === 'number') handles.set(m.data.id, { session: w.session, joined: null });
          if (w.kind === 'join' && ok) {
            const data = m.plugindata?.data;
            const h = handles.get(w.handle);
            if (h && isObject(data) && (data.videoroom === 'joined' || data.videoroom === 'attached')) h.joined = w.join;
          }
          if (w.kind === 'detach' && m.janus === 'success') handles.delete(w.handle);
          if (w.kind === 'destroy' && m.janus === 'success') {
            sessions.delete(w.session);
            for (const [id, h] of handles) if (h.session === w.session) handles.delete(id);
          }
        }
        if (m.janus === 'detached' && typeof m.sender === 'number') handles.delete(m.sender);
        if (socket.readyState === socket.OPEN) socket.send(text);
      });
      upstream.on('close', () => shut(RELAY_CLOSE.upstream, 'The media server closed the connection.'));
      upstream.on('error', () => {});

      // Browser → Janus, one frame at a time (a join waits for the token check).
      let chain: Promise<void> = Promise.resolve();
      socket.on('message', (raw: Buffer, isBinary: boolean) => {
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
          out.body.pin = backend!.pinOf(join.room);
          out.body.display = caller.userId;
          waiting.set(out.transaction, { kind: 'join', handle: out.handle_id, join });
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
        goingAway: () => shut(1001, 'The server is going down.'),
        joined: () => [...handles.values()].map((h) => h.joined).filter((j): j is Joined => !!j),
        revoke,
      };
      open.add(entry);
    },
  );
}
