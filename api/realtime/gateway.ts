// GET /ws: the socket gateway (protocol in domain/realtime/protocol.ts). One socket: AUTH within 10 s
// (a bearer token in the frame, or the session cookie of a same-origin upgrade), then frames both ways.
// Frames from events come from the feed (./feed.ts) once the read models hold the event.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { AUTH_TIMEOUT_MS, CLOSE, MAX_FRAME_BYTES, countFrame, frameLimitReason, parseClientFrame, type ClientFrame } from '../../domain/realtime/protocol';
import { STAFF_ROLES } from '../../domain/shared/wire';
import { parsePosition } from '../../infra/eventstore/port';
import { SESSION_COOKIES, callerForToken, fromOwnOrigin, type Caller } from '../auth';
import type { Services } from '../services';
import { createHub, send, type Connection, type Hub } from './hub';
import { createFeed, type Feed } from './feed';
import { createScheduledPostNews, type ScheduledPostNews } from './scheduled-posts';
import { sharePresence } from './presence';
import { creatorPresenceRecorder } from './creator-presence';
import { LIVE_CLIENT_FRAMES, handleLiveFrame } from './live';
import { chatQueries } from '../queries/chat';

export interface GatewayOptions {
  /** Ping interval; a socket that did not answer the previous ping is dropped. Default 30 s. */
  heartbeatMs?: number;
  authTimeoutMs?: number;
  /** Events a resume may replay before the client is told to reload (RESYNC). */
  resumeWindowEvents?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: { hub: Hub; feed: Feed; scheduledPosts: ScheduledPostNews };
  }
}

/** The session cookie of a browser upgrade: the console's (`?app=console`), a proxy view's, or the fan site's. */
function cookieToken(request: FastifyRequest): string | null {
  const cookies = request.cookies ?? {};
  const app = (request.query as { app?: string } | undefined)?.app;
  if (app === 'console') return cookies[SESSION_COOKIES.console] ?? null;
  return cookies[SESSION_COOKIES.proxy] ?? cookies[SESSION_COOKIES.fan] ?? null;
}

const isStaff = (c: { role: Caller['role'] }) => STAFF_ROLES.includes(c.role);

export async function registerGateway(app: FastifyInstance, services: Services, options: GatewayOptions = {}) {
  const bus = services.bus ?? null;
  const hub = createHub({ nodeId: bus?.nodeId });
  const feed = createFeed(services, hub, options.resumeWindowEvents, bus);
  const scheduledPosts = createScheduledPostNews(services, hub);
  const presence = bus ? sharePresence(bus, hub) : null;
  const creatorPresence = creatorPresenceRecorder(services, hub, { startCheckMs: bus ? 20_000 : 3_000 });
  const chat = chatQueries(services);
  app.decorate('realtime', { hub, feed, scheduledPosts });
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const authTimeoutMs = options.authTimeoutMs ?? AUTH_TIMEOUT_MS;

  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    // Stopping the server: every socket hears 1001 and reconnects (to another node when there is one).
    preClose: async () => {
      await feed.stop();
      hub.closeAll();
    },
  });

  const heartbeat = setInterval(() => {
    for (const c of hub.connections) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();
  app.addHook('onReady', async () => {
    await presence?.start();
    await feed.start();
    scheduledPosts.start();
    creatorPresence.start();
  });
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await scheduledPosts.stop();
    await creatorPresence.stop();
    await feed.stop();
    await presence?.stop();
  });

  app.get('/ws', { websocket: true, config: { rateLimit: false } }, (socket: WebSocket, request) => {
    let conn: Connection | null = null;
    let authenticating = false;
    /** Frames that arrive while AUTH is being checked run right after it. */
    const early: ClientFrame[] = [];
    const window = { startedAt: Date.now(), count: 0 };
    const closeWith = (code: number, reason: string) => socket.close(code, reason);
    const authTimer = setTimeout(() => { if (!conn) closeWith(CLOSE.authTimeout, 'No AUTH frame in time.'); }, authTimeoutMs);

    socket.on('message', (raw: Buffer, isBinary: boolean) => {
      if (!countFrame(conn?.window ?? window, Date.now())) return closeWith(CLOSE.tooManyFrames, frameLimitReason);
      if (isBinary) return closeWith(CLOSE.badFrame, 'Frames are JSON text.');
      const parsed = parseClientFrame(raw.toString('utf8'));
      if (!parsed.ok) return closeWith(CLOSE.badFrame, parsed.reason);
      const frame = parsed.frame;
      if (!conn) {
        if (authenticating && frame.type !== 'AUTH') return void early.push(frame);
        if (frame.type !== 'AUTH' || authenticating) return closeWith(CLOSE.unauthorized, 'The first frame must be AUTH.');
        authenticating = true;
        void authenticate(frame.data).catch((e) => {
          request.log.error({ err: e }, 'socket auth failed');
          closeWith(1011, 'Something went wrong.');
        });
        return;
      }
      if (frame.type === 'AUTH') return closeWith(CLOSE.badFrame, 'Already authenticated.');
      handleFrame(conn, frame);
    });
    socket.on('pong', () => { if (conn) conn.alive = true; });
    socket.on('close', () => {
      clearTimeout(authTimer);
      if (conn) hub.remove(conn);
    });
    socket.on('error', () => socket.terminate());

    async function authenticate(data: { token?: string; since?: string }) {
      // A cookie rides along with any upgrade the browser makes, so it only counts from the site's own pages.
      const token = data.token ?? (fromOwnOrigin(request, services) ? cookieToken(request) : null);
      const found = token ? await callerForToken(services, token) : null;
      if (socket.readyState !== socket.OPEN) return;
      const nowMs = services.clock().getTime();
      if (!found || found.expiresAtMs <= nowMs) return closeWith(CLOSE.unauthorized, 'Please log in to continue.');
      if (found.caller.blocked) return closeWith(CLOSE.blocked, 'This account is blocked.');
      clearTimeout(authTimer);
      const { caller } = found;
      const since = data.since ? parsePosition(data.since) : null;
      const c: Connection = {
        socket, userId: caller.userId, role: caller.role, name: caller.name, sessionId: caller.sessionId, token: token!, proxyAdminId: caller.proxyAdminId,
        cursor: feed.position(), pending: since ? [] : null, window, alive: true, viewingFanId: null,
        // The session's own end closes the socket too (the clock is the server's).
        expiryTimer: setTimeout(() => closeWith(CLOSE.unauthorized, 'The session has expired.'), Math.min(found.expiresAtMs - nowMs, 2 ** 31 - 1)),
      };
      c.expiryTimer?.unref();
      conn = c;
      hub.add(c);
      send(c, { type: 'AUTH_OK', data: { userId: c.userId, role: c.role, position: feed.positionText(), debug: feed.socketDebug() } });
      if (since) await feed.resume(c, since);
      // A fan learns at once whether the creator is online; staff get the online fans.
      send(c, isStaff(c) ? hub.onlineList() : hub.modelFrame());
      for (const f of early.splice(0)) if (socket.readyState === socket.OPEN) handleFrame(c, f);
    }

    function handleFrame(c: Connection, frame: ClientFrame) {
      const staff = isStaff(c);
      // Live streaming: read the state, give up tokens, stop (api/realtime/live.ts).
      if (LIVE_CLIENT_FRAMES.has(frame.type)) {
        void handleLiveFrame(services, c, frame).catch((e) => request.log.warn({ err: e }, 'live frame failed'));
        return;
      }
      switch (frame.type) {
        case 'GET_ONLINE_USER_LIST':
        case 'CHECK_ONLINE_EVERY_USER':
          return send(c, staff ? hub.onlineList() : hub.modelFrame());
        case 'CHECK_ONLINE_USER':
          // Staff ask about a fan; a fan can only ask whether the creator is online.
          return send(c, staff && frame.data.userId ? hub.userStatus(frame.data.userId) : hub.modelFrame());
        case 'USER_ONLINE':
          // Presence follows the open sockets (any tab, any device); the frame only asks for the current state.
          return send(c, staff ? hub.countsFrame() : hub.modelFrame());
        case 'MODEL_ONLINE':
          return send(c, staff ? hub.countsFrame() : hub.modelFrame());
        case 'JOIN_ROOM':
          // Rooms are implied by the audience rule (a fan's own conversation; staff see all): nothing to join.
          return send(c, { type: 'JOIN_ROOM', data: { roomId: frame.data.roomId, joined: staff || frame.data.roomId === c.userId } });
        case 'ADMIN_IN_USER_CHAT':
          if (!staff) return closeWith(CLOSE.badFrame, 'ADMIN_IN_USER_CHAT is for staff.');
          hub.viewing(c, frame.data.userId);
          if (frame.data.userId) {
            for (const v of hub.viewersOf(frame.data.userId)) if (v.adminId !== c.userId) send(c, { type: 'ADMIN_IN_USER_CHAT', data: { ...v, userId: frame.data.userId } });
          }
          return;
        case 'LOGOUT_USER':
          return closeWith(CLOSE.unauthorized, 'Logged out.');
        case 'IS_ENABLE_PAY_PER_MESSAGE':
          // Always the caller's own terms (one site: the frame's email and domain cannot point at another account).
          void chat.sendStatusFor(c)
            .then((status) => send(c, { type: 'PAY_PER_MESSAGE_STATUS', data: { ...status } }))
            .catch((e) => request.log.warn({ err: e }, 'pay-per-message status failed'));
          return;
      }
    }
  });
}
