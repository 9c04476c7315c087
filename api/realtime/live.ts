// Live-stream frames a client sends. Starting, stopping and tokens are HTTP calls
// (/api/stream/*); over the socket a client asks for the state and gives up its tokens:
//   CHECK_STREAM_STARTED, JOIN_STREAM, START_LIVE_STREAM, GROUP_LIVE_STARTED {userId?} → LIVE_STATUS (and
//     STREAM_ALREADY_STARTED to staff asking about a fan while another session is on air)
//   GET_VIEWER → SET_VIEWER {sessionId, count, userList} (viewers and the publisher's side; nobody else)
//   LEFT_STREAM, LEAVE_GROUP_STREAM → the caller's tokens are revoked (reason 'left')
//   STOP_LIVE_STREAM, STOP_GROUP_LIVE_STREAM → the session stops (the publisher's roles only), as stop_stream does
import { commandContext } from '../../commands/handle';
import { revokeViewer, stopLive } from '../../commands/live';
import { LIVE_PUBLISHER_ROLES, LIVE_STAFF_VIEWER_ROLES, SEES_LIVE_TIP_TOTAL } from '../../domain/live/live-session';
import type { ClientFrame } from '../../domain/realtime/protocol';
import { STAFF_ROLES } from '../../domain/shared/wire';
import { liveSessionOnAir, liveViewersNow } from '../../projections/live-sessions';
import { liveDeps } from '../live';
import type { Services } from '../services';
import { send, type Connection } from './hub';

export const LIVE_CLIENT_FRAMES = new Set<ClientFrame['type']>([
  'CHECK_STREAM_STARTED', 'JOIN_STREAM', 'LEFT_STREAM', 'LEAVE_GROUP_STREAM', 'GET_VIEWER', 'START_LIVE_STREAM', 'STOP_LIVE_STREAM', 'GROUP_LIVE_STARTED', 'STOP_GROUP_LIVE_STREAM',
]);

export async function handleLiveFrame(services: Services, c: Connection, frame: ClientFrame): Promise<void> {
  const db = services.database.db;
  const staff = STAFF_ROLES.includes(c.role);
  const ctx = () => commandContext(services.store, { userId: c.userId, role: c.role, proxyAdminId: c.proxyAdminId }, services.clock);
  switch (frame.type) {
    case 'CHECK_STREAM_STARTED':
    case 'JOIN_STREAM':
    case 'START_LIVE_STREAM':
    case 'GROUP_LIVE_STARTED': {
      const s = await liveSessionOnAir(db);
      const asked = 'userId' in frame.data ? frame.data.userId : undefined;
      if (s && staff && (frame.type === 'START_LIVE_STREAM' || frame.type === 'GROUP_LIVE_STARTED' || asked)) {
        const wanted = frame.type === 'GROUP_LIVE_STARTED' || (frame.type === 'START_LIVE_STREAM' && !asked) ? { group: true, fan: null } : { group: false, fan: asked ?? null };
        const same = s.is_group === wanted.group && (s.is_group || s.fan_id === wanted.fan);
        if (!same) send(c, { type: 'STREAM_ALREADY_STARTED', data: { sessionId: s.id, isGroup: s.is_group, userId: s.fan_id, message: 'Stream already started with another user.' } });
      }
      const visible = s && (s.is_group || staff || s.fan_id === c.userId);
      if (!s || !visible) return send(c, { type: 'LIVE_STATUS', data: { isLive: false } });
      const viewers = await liveViewersNow(db, s.id);
      return send(c, {
        type: 'LIVE_STATUS',
        data: {
          isLive: true, sessionId: s.id, isGroup: s.is_group, userId: s.fan_id, publisherName: s.publisher_name, startedAt: s.started_at, viewers: viewers.length, pubId: s.pub_id ?? null,
          isJoined: viewers.some((v) => v.user_id === c.userId), isPublisher: s.publisher_id === c.userId,
          ...(SEES_LIVE_TIP_TOTAL.includes(c.role) ? { tipTotalCents: s.tips_cents } : {}),
        },
      });
    }
    case 'GET_VIEWER': {
      const s = await liveSessionOnAir(db);
      if (!s) return send(c, { type: 'SET_VIEWER', data: { sessionId: null, count: 0, userList: [] } });
      const viewers = await liveViewersNow(db, s.id);
      const allowed = (LIVE_STAFF_VIEWER_ROLES.includes(c.role) && (s.is_group || staff)) || (!c.proxyAdminId && viewers.some((v) => v.user_id === c.userId));
      if (!allowed) return;
      return send(c, { type: 'SET_VIEWER', data: { sessionId: s.id, count: viewers.length, userList: viewers.map((v) => ({ _id: v.user_id, name: v.name, avatarUrl: v.avatar_url, count: v.connections })) } });
    }
    case 'LEFT_STREAM':
    case 'LEAVE_GROUP_STREAM':
      await revokeViewer(ctx(), liveDeps(services), c.userId, null, 'left');
      return;
    case 'STOP_LIVE_STREAM':
    case 'STOP_GROUP_LIVE_STREAM': {
      if (!LIVE_PUBLISHER_ROLES.includes(c.role) || c.proxyAdminId) return;
      const s = await liveSessionOnAir(db);
      if (!s) return;
      const r = await stopLive(ctx(), liveDeps(services), { userId: c.userId, role: c.role }, 'publisher');
      void r.recording;
      return;
    }
    default:
      return;
  }
}
