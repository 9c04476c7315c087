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

/** A node's presence as it tells the other nodes (several nodes: through the bus). */
export interface PresenceSnapshot {
  nodeId: string;
  fans: string[];
  creator: boolean;
  /** Staff with a fan's conversation open on that node (ADMIN_IN_USER_CHAT across nodes). */
  viewers?: Viewer[];
}

export interface Viewer {
  adminId: string;
  adminName: string;
  userId: string;
}

const viewerKey = (v: Viewer) => `${v.adminId} ${v.userId}`;

/** A node that has not sent its snapshot for this long is taken as gone (its sockets with it). */
export const PRESENCE_EXPIRY_MS = 15_000;

export function createHub(options: { nodeId?: string; now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const connections = new Set<Connection>();
  const byUser = new Map<string, Set<Connection>>();
  /** Fan sockets per fan on this node (proxy views excluded), and creator sockets: presence counts by person. */
  const localFans = new Map<string, number>();
  let localCreators = 0;
  /** Other nodes' snapshots. */
  const remote = new Map<string, { fans: Set<string>; creator: boolean; viewers: Viewer[]; expiresAt: number }>();
  let onLocalChange: (() => void) | null = null;
  /** Told when the creator comes online or goes offline (./creator-presence.ts records it). */
  let onCreatorChange: ((online: boolean) => void) | null = null;
  /** show_creator_presence (site settings, followed by the feed): off, fans are never told whether the creator is online. */
  let creatorShown = true;

  const countsAsFan = (c: Connection) => !isStaff(c.role) && !c.proxyAdminId;
  const fanOnline = (userId: string) => localFans.has(userId) || [...remote.values()].some((r) => r.fans.has(userId));
  const fansOnline = () => {
    const all = new Set(localFans.keys());
    for (const r of remote.values()) for (const id of r.fans) all.add(id);
    return [...all];
  };
  const creatorOnline = () => localCreators > 0 || [...remote.values()].some((r) => r.creator);
  const toStaff = (frame: ServerFrame, except?: Connection) => {
    for (const c of connections) if (c !== except && isStaff(c.role)) send(c, frame);
  };
  const toFans = (frame: ServerFrame) => {
    for (const c of connections) if (!isStaff(c.role)) send(c, frame);
  };
  /** The sockets a frame for this audience may go to, before the audience rule is asked about each. */
  const candidates = (audience: Audience): Iterable<Connection> =>
    audience.staff !== null || audience.allFans ? connections
    : audience.users?.length ? new Set([audience.fanId, ...audience.users].flatMap((id) => (id ? [...(byUser.get(id) ?? [])] : [])))
    : audience.fanId ? byUser.get(audience.fanId) ?? [] : connections;
  // One node: the count is what this node holds (no union to build on every connect of 10,000 sockets).
  const onlineCount = () => (remote.size === 0 ? localFans.size : fansOnline().length);
  const countsFrame = (): ServerFrame => ({ type: 'ALL_USERS_COUNT', data: { count: onlineCount() } });
  const modelFrame = (): ServerFrame => ({ type: 'ONLINE_MODEL', data: creatorShown ? { isOnline: creatorOnline(), count: onlineCount() } : { count: onlineCount() } });

  /** Tells this node's sockets what changed: fans that came online or went offline (staff), the creator (fans). */
  function announce(came: string[], left: string[], creatorBefore: boolean) {
    for (const userId of came) toStaff({ type: 'USER_ONLINE', data: { userId } });
    for (const userId of left) toStaff({ type: 'USER_OFFLINE', data: { userId } });
    if (came.length || left.length) toStaff(countsFrame());
    if (creatorBefore === creatorOnline()) return;
    // Hidden: not even a frame without the state, whose timing alone would tell.
    if (creatorShown) toFans(modelFrame());
    onCreatorChange?.(creatorOnline());
  }

  /** Another node's staff opened or left a fan's chat: this node's staff see it as if it happened here. */
  function announceViewers(before: Viewer[], after: Viewer[]) {
    const present = new Set(after.map(viewerKey));
    const was = new Set(before.map(viewerKey));
    for (const v of before) if (!present.has(viewerKey(v)) && !after.some((a) => a.adminId === v.adminId)) toStaff({ type: 'ADMIN_IN_USER_CHAT', data: { adminId: v.adminId, adminName: v.adminName, userId: null } });
    for (const v of after) if (!was.has(viewerKey(v))) toStaff({ type: 'ADMIN_IN_USER_CHAT', data: { ...v } });
  }

  /** Applies a change to the presence and announces what it changed for everyone. */
  function changePresence(mutate: () => void, watch: string[]) {
    const before = new Map(watch.map((id) => [id, fanOnline(id)]));
    const creatorBefore = creatorOnline();
    mutate();
    const came = watch.filter((id) => !before.get(id) && fanOnline(id));
    const left = watch.filter((id) => before.get(id) && !fanOnline(id));
    announce(came, left, creatorBefore);
  }

  return {
    connections,
    fansOnline,
    creatorOnline,
    /** Called when the creator (on any node) comes online or goes offline. */
    onCreatorPresence(listener: ((online: boolean) => void) | null) {
      onCreatorChange = listener;
    },
    showCreatorPresence(shown: boolean) {
      creatorShown = shown;
    },

    /** A socket finished AUTH. Presence is announced once per person, not per tab or device. */
    add(conn: Connection) {
      changePresence(() => {
        connections.add(conn);
        let set = byUser.get(conn.userId);
        if (!set) byUser.set(conn.userId, (set = new Set()));
        set.add(conn);
        if (countsAsFan(conn)) localFans.set(conn.userId, (localFans.get(conn.userId) ?? 0) + 1);
        if (CREATOR_ROLES.includes(conn.role)) localCreators++;
      }, [conn.userId]);
      onLocalChange?.();
    },

    remove(conn: Connection) {
      if (!connections.has(conn)) return;
      if (conn.expiryTimer) clearTimeout(conn.expiryTimer);
      changePresence(() => {
        connections.delete(conn);
        const set = byUser.get(conn.userId);
        set?.delete(conn);
        if (set && set.size === 0) byUser.delete(conn.userId);
        if (countsAsFan(conn)) {
          const n = (localFans.get(conn.userId) ?? 1) - 1;
          if (n > 0) localFans.set(conn.userId, n);
          else localFans.delete(conn.userId);
        }
        if (CREATOR_ROLES.includes(conn.role)) localCreators--;
      }, [conn.userId]);
      if (conn.viewingFanId) toStaff({ type: 'ADMIN_IN_USER_CHAT', data: { adminId: conn.userId, adminName: conn.name, userId: null } });
      onLocalChange?.();
    },

    /** This node's presence, for the other nodes. */
    snapshot: (): PresenceSnapshot => ({
      nodeId: options.nodeId ?? 'local',
      fans: [...localFans.keys()],
      creator: localCreators > 0,
      viewers: [...connections].filter((c) => c.viewingFanId && isStaff(c.role)).map((c) => ({ adminId: c.userId, adminName: c.name, userId: c.viewingFanId! })),
    }),
    /** Called after every local presence change (the bus publishes the snapshot). */
    onPresenceChange(listener: (() => void) | null) {
      onLocalChange = listener;
    },
    /** Another node's snapshot arrived. */
    applyRemote(s: PresenceSnapshot) {
      if (s.nodeId === (options.nodeId ?? 'local')) return;
      const old = remote.get(s.nodeId);
      const watch = [...new Set([...(old?.fans ?? []), ...s.fans])];
      const viewers = Array.isArray(s.viewers) ? s.viewers : [];
      changePresence(() => remote.set(s.nodeId, { fans: new Set(s.fans), creator: s.creator, viewers, expiresAt: now() + PRESENCE_EXPIRY_MS }), watch);
      announceViewers(old?.viewers ?? [], viewers);
    },
    /** Forgets nodes that stopped sending snapshots (they died with their sockets). */
    expireRemote() {
      for (const [nodeId, r] of [...remote]) {
        if (r.expiresAt > now()) continue;
        changePresence(() => remote.delete(nodeId), [...r.fans]);
        announceViewers(r.viewers, []);
      }
    },

    /** The sockets whose reader may see a frame for this audience (a frame that costs a read is read only for them). */
    readers(audience: Audience, settings: ReaderSettings): Connection[] {
      return [...candidates(audience)].filter((c) => mayReceive(audience, { userId: c.userId, role: c.role }, settings));
    },

    /**
     * Delivers an event's frame to every socket whose reader may see it, once, in position order. `dataFor` gives a
     * reader's own data (a chat message as that reader sees it): null leaves that reader out, undefined sends `frame`.
     */
    deliver(frame: ServerFrame, audience: Audience, position: Position, settings: ReaderSettings, dataFor?: (reader: Connection) => unknown) {
      for (const c of candidates(audience)) {
        if (!mayReceive(audience, { userId: c.userId, role: c.role }, settings)) continue;
        const data = dataFor?.(c);
        if (data === null) continue;
        const own = data === undefined ? frame : { ...frame, data };
        if (c.pending) {
          c.pending.push({ frame: own, position });
          continue;
        }
        if (c.cursor && comparePositions(position, c.cursor) <= 0) continue;
        send(c, own);
      }
    },

    /** Sends a frame no event carries (a scheduled post going live) to every socket whose reader may see it, now. */
    announce(frame: ServerFrame, audience: Audience, settings: ReaderSettings) {
      for (const c of candidates(audience)) {
        if (!mayReceive(audience, { userId: c.userId, role: c.role }, settings)) continue;
        if (c.pending) c.pending.push({ frame, position: null });
        else send(c, frame);
      }
    },

    /** Marks the end of one event for every socket: its cursor moves past it (frames of one event share a position). */
    advance(position: Position) {
      for (const c of connections) if (!c.pending && (!c.cursor || comparePositions(position, c.cursor) > 0)) c.cursor = position;
    },

    /** Presence answers. Staff see fans; fans see only whether the creator is online (unless the creator hides it). */
    onlineList: (): ServerFrame => ({ type: 'ONLINE_USER_LIST', data: { users: fansOnline() } }),
    userStatus: (userId: string): ServerFrame => ({ type: fanOnline(userId) ? 'USER_ONLINE' : 'USER_OFFLINE', data: { userId } }),
    countsFrame,
    modelFrame,

    /** A staff member opened (or left, null) a fan's conversation: the other staff see "… is in this chat". */
    viewing(conn: Connection, fanId: string | null) {
      conn.viewingFanId = fanId;
      toStaff({ type: 'ADMIN_IN_USER_CHAT', data: { adminId: conn.userId, adminName: conn.name, userId: fanId } }, conn);
      onLocalChange?.();
    },
    /** Who is in a fan's chat right now (for a staff member who just opened it). */
    viewersOf: (fanId: string) => [
      ...[...connections].filter((c) => c.viewingFanId === fanId && isStaff(c.role)).map((c) => ({ adminId: c.userId, adminName: c.name })),
      ...[...remote.values()].flatMap((r) => r.viewers.filter((v) => v.userId === fanId).map((v) => ({ adminId: v.adminId, adminName: v.adminName }))),
    ],

    socketsOf: (userId: string) => [...(byUser.get(userId) ?? [])],

    /** Closes every socket (server going down: 1001, clients reconnect elsewhere). */
    closeAll(code: number = CLOSE.goingAway, reason = 'The server is restarting.') {
      for (const c of [...connections]) c.socket.close(code, reason);
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
export const positionText = (p: Position | null) => (p ? formatPosition(p) : null);
