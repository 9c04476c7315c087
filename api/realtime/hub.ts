// The sockets of this node: who is connected as whom, presence, and delivery of frames to the readers the
// audience rule (domain/realtime/audience.ts) allows. Holds no business state: everything here can be lost with
// the process (clients reconnect and resume from their last position).
import type { WebSocket } from 'ws';
import type { Role } from '../../domain/shared/wire';
import { STAFF_ROLES } from '../../domain/shared/wire';
import { mayReceive, type Audience, type ReaderSettings } from '../../domain/realtime/audience';
import { CLOSE, type FrameWindow, type ServerFrame } from '../../domain/realtime/protocol';
import { comparePositions, formatPosition, type Position } from '../../infra/eventstore/port';

export interface Connection {
  socket: WebSocket;
  userId: string;
  role: Role;
  name: string;
  sessionId: string;
  /** The session token, kept in memory only, to check the session again after a logout, block or role change. */
  token: string;
  /** The admin behind a proxy view: such a socket never announces the fan as online. */
  proxyAdminId: string | null;
  /** Last event position sent to this socket (frames at or before it are not sent again). */
  cursor: Position | null;
  /** While a resume replays missed frames, live frames wait here. */
  pending: Array<{ frame: ServerFrame; position: Position | null }> | null;
  window: FrameWindow;
  alive: boolean;
  /** The fan's conversation a staff member has open (ADMIN_IN_USER_CHAT), if any. */
  viewingFanId: string | null;
  expiryTimer: NodeJS.Timeout | null;
}

const isStaff = (role: Role) => STAFF_ROLES.includes(role);
/** Who counts as "the creator" for fans' ONLINE_MODEL: the model and the admins who answer as the creator. */
const CREATOR_ROLES: readonly Role[] = ['model', 'admin', 'super_admin', 'sub_admin'];

export function send(conn: Connection, frame: ServerFrame) {
  if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(frame));
}

export function createHub() {
  const connections = new Set<Connection>();
  const byUser = new Map<string, Set<Connection>>();

  const fansOnline = () => [...byUser.entries()].filter(([, set]) => [...set].some((c) => !isStaff(c.role) && !c.proxyAdminId)).map(([id]) => id);
  const creatorOnline = () => [...connections].some((c) => CREATOR_ROLES.includes(c.role));
  const toStaff = (frame: ServerFrame, except?: Connection) => {
    for (const c of connections) if (c !== except && isStaff(c.role)) send(c, frame);
  };
  const toFans = (frame: ServerFrame) => {
    for (const c of connections) if (!isStaff(c.role)) send(c, frame);
  };
  const countsFrame = (): ServerFrame => ({ type: 'ALL_USERS_COUNT', data: { count: fansOnline().length } });
  const modelFrame = (): ServerFrame => ({ type: 'ONLINE_MODEL', data: { isOnline: creatorOnline(), count: fansOnline().length } });
  const fanOnline = (userId: string) => [...(byUser.get(userId) ?? [])].some((c) => !isStaff(c.role) && !c.proxyAdminId);

  return {
    connections,
    fansOnline,

    /** A socket finished AUTH. Presence is announced once per person, not per tab. */
    add(conn: Connection) {
      const wasFanOnline = fanOnline(conn.userId);
      const wasCreatorOnline = creatorOnline();
      connections.add(conn);
      let set = byUser.get(conn.userId);
      if (!set) byUser.set(conn.userId, (set = new Set()));
      set.add(conn);
      if (!wasFanOnline && fanOnline(conn.userId)) {
        toStaff({ type: 'USER_ONLINE', data: { userId: conn.userId } });
        toStaff(countsFrame());
      }
      if (!wasCreatorOnline && creatorOnline()) toFans(modelFrame());
    },

    remove(conn: Connection) {
      if (!connections.delete(conn)) return;
      if (conn.expiryTimer) clearTimeout(conn.expiryTimer);
      const wasFanOnline = fanOnline(conn.userId);
      const set = byUser.get(conn.userId);
      set?.delete(conn);
      if (set && set.size === 0) byUser.delete(conn.userId);
      if (wasFanOnline && !fanOnline(conn.userId)) {
        toStaff({ type: 'USER_OFFLINE', data: { userId: conn.userId } });
        toStaff(countsFrame());
      }
      if (conn.viewingFanId) toStaff({ type: 'ADMIN_IN_USER_CHAT', data: { adminId: conn.userId, adminName: conn.name, userId: null } });
      if (!creatorOnline() && CREATOR_ROLES.includes(conn.role)) toFans(modelFrame());
    },

    /** Delivers an event's frame to every socket whose reader may see it, once, in position order. */
    deliver(frame: ServerFrame, audience: Audience, position: Position, settings: ReaderSettings) {
      const candidates = audience.staff === null && audience.fanId ? byUser.get(audience.fanId) ?? [] : connections;
      for (const c of candidates) {
        if (!mayReceive(audience, { userId: c.userId, role: c.role }, settings)) continue;
        if (c.pending) {
          c.pending.push({ frame, position });
          continue;
        }
        if (c.cursor && comparePositions(position, c.cursor) <= 0) continue;
        send(c, frame);
      }
    },

    /** Marks the end of one event for every socket: its cursor moves past it (frames of one event share a position). */
    advance(position: Position) {
      for (const c of connections) if (!c.pending && (!c.cursor || comparePositions(position, c.cursor) > 0)) c.cursor = position;
    },

    /** Presence answers (spec 3 §7.8). Staff see fans; fans see only whether the creator is online. */
    onlineList: (): ServerFrame => ({ type: 'ONLINE_USER_LIST', data: { users: fansOnline() } }),
    userStatus: (userId: string): ServerFrame => ({ type: fanOnline(userId) ? 'USER_ONLINE' : 'USER_OFFLINE', data: { userId } }),
    countsFrame,
    modelFrame,

    /** A staff member opened (or left, null) a fan's conversation: the other staff see "… is in this chat". */
    viewing(conn: Connection, fanId: string | null) {
      conn.viewingFanId = fanId;
      toStaff({ type: 'ADMIN_IN_USER_CHAT', data: { adminId: conn.userId, adminName: conn.name, userId: fanId } }, conn);
    },
    /** Who is in a fan's chat right now (for a staff member who just opened it). */
    viewersOf: (fanId: string) => [...connections].filter((c) => c.viewingFanId === fanId && isStaff(c.role)).map((c) => ({ adminId: c.userId, adminName: c.name })),

    socketsOf: (userId: string) => [...(byUser.get(userId) ?? [])],

    /** Closes every socket (server going down: 1001, clients reconnect elsewhere). */
    closeAll(code: number = CLOSE.goingAway, reason = 'The server is restarting.') {
      for (const c of [...connections]) c.socket.close(code, reason);
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
export const positionText = (p: Position | null) => (p ? formatPosition(p) : null);
