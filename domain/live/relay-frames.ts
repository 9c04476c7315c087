// What the live relay (api/live/janus-relay.ts, GET /api/stream/janus) lets through from a browser to Janus (issue
// 15): only what a publisher or a viewer needs — create (a session), attach to the VideoRoom plugin, messages whose
// body is join/publish/configure/unpublish/start/leave with the keys those use, trickle, keepalive, detach, destroy —
// each on the connection's own sessions and handles. A passing request is rebuilt from the fields Janus needs for it,
// so nothing else rides along (record, filename, secret, admin_key, rtp forwarding, other plugins, the admin API…).
// Pure: the connection's sessions and handles arrive as arguments; what the relay must note from Janus' answer comes
// back as `note`, a join as `join` (the relay then asks the join policy and the room's allowed list).

export const JANUS_VIDEOROOM = 'janus.plugin.videoroom';
export const RELAY_LIMITS = { sessions: 2, handles: 8, frames: 300, windowMs: 10_000 } as const;

const BODY_REQUESTS = new Set(['join', 'publish', 'configure', 'unpublish', 'start', 'leave']);
/** Keys a publisher's or viewer's VideoRoom requests use. `pin` is accepted but replaced by the room's own. */
const BODY_KEYS = new Set([
  'request', 'ptype', 'room', 'id', 'display', 'token', 'pin', 'feed', 'streams', 'private_id', 'use_msid', 'autoupdate', 'close_pc',
  'audiocodec', 'videocodec', 'bitrate', 'keyframe', 'descriptions', 'restart', 'update', 'audio', 'video', 'data',
  'offer_audio', 'offer_video', 'offer_data', 'substream', 'temporal', 'spatial_layer', 'temporal_layer', 'fallback',
  'audio_level_average', 'audio_active_packets', 'metadata',
]);

/** A JSON object of a frame: its fields are checked one by one before anything reaches Janus. */
type Json = Record<string, unknown>;
export const isJsonObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface RelayJoin {
  room: number;
  token: string;
  ptype: 'publisher' | 'subscriber';
}

/** The connection as the relay knows it from Janus' answers. */
export interface RelayConnection {
  sessions: ReadonlySet<number>;
  handles: ReadonlyMap<number, { session: number; joined: RelayJoin | null }>;
  /** Creates sent whose answer has not come yet (they count against the session limit). */
  pendingCreates: number;
}

/** What the relay must note from Janus' answer to the request. */
export type RelayNote = { kind: 'create' } | { kind: 'attach'; session: number } | { kind: 'detach'; handle: number } | { kind: 'destroy'; session: number };

/** A frame that passed, rebuilt from its checked fields only (a message's body and jsep among them). */
export interface RelayFrame {
  janus: string;
  transaction: string;
  session_id?: number;
  handle_id?: number;
  body?: Json;
  [field: string]: unknown;
}

export type RelayCheck =
  | { ok: true; out: RelayFrame; note: RelayNote | null; join: RelayJoin | null }
  /** Answered to the browser as a Janus error with `code`; nothing reaches Janus. */
  | { ok: false; reason: string; code: number };

const refused = (reason: string, code = 403): RelayCheck => ({ ok: false, reason, code });
const pass = (out: RelayFrame, note: RelayNote | null = null, join: RelayJoin | null = null): RelayCheck => ({ ok: true, out, note, join });

/** Checks one parsed browser frame against the connection; a passing one comes back rebuilt. */
export function checkRelayFrame(m: unknown, conn: RelayConnection): RelayCheck {
  if (!isJsonObject(m) || typeof m.janus !== 'string') return refused('Every message needs a "janus" request.', 400);
  if (typeof m.transaction !== 'string' || !/^[\w.:-]{1,64}$/.test(m.transaction)) return refused('Every message needs a transaction (letters, digits, at most 64).', 400);
  const base = { janus: m.janus, transaction: m.transaction };
  if (m.janus === 'create') {
    if (conn.sessions.size + conn.pendingCreates >= RELAY_LIMITS.sessions) return refused('Too many sessions on this connection.');
    return pass(base, { kind: 'create' });
  }
  const session = m.session_id;
  if (typeof session !== 'number' || !conn.sessions.has(session)) return refused('No such session on this connection.');
  const withSession = { ...base, session_id: session };
  switch (m.janus) {
    case 'keepalive':
      return pass(withSession);
    case 'destroy':
      return pass(withSession, { kind: 'destroy', session });
    case 'attach':
      if (m.plugin !== JANUS_VIDEOROOM) return refused(`Only ${JANUS_VIDEOROOM} is available.`);
      if (conn.handles.size >= RELAY_LIMITS.handles) return refused('Too many handles on this connection.');
      return pass({ ...withSession, plugin: JANUS_VIDEOROOM, ...(typeof m.opaque_id === 'string' ? { opaque_id: m.opaque_id.slice(0, 100) } : {}) }, { kind: 'attach', session });
  }
  const handleId = m.handle_id;
  const h = typeof handleId === 'number' ? conn.handles.get(handleId) : undefined;
  if (!h || h.session !== session) return refused('No such handle on this connection.');
  const withHandle = { ...withSession, handle_id: handleId as number };
  switch (m.janus) {
    case 'detach':
      return pass(withHandle, { kind: 'detach', handle: handleId as number });
    case 'trickle': {
      if (isJsonObject(m.candidate)) return pass({ ...withHandle, candidate: m.candidate });
      if (Array.isArray(m.candidates) && m.candidates.every(isJsonObject)) return pass({ ...withHandle, candidates: m.candidates });
      return refused('A trickle needs a candidate.');
    }
    case 'message': {
      const body = m.body;
      if (!isJsonObject(body) || typeof body.request !== 'string') return refused('A message needs a body with a request.');
      if (!BODY_REQUESTS.has(body.request)) return refused(`The request "${String(body.request).slice(0, 40)}" is not available here.`);
      const extra = Object.keys(body).find((k) => !BODY_KEYS.has(k));
      if (extra) return refused(`The field "${extra.slice(0, 40)}" is not allowed here.`);
      let join: RelayJoin | null = null;
      if (body.request === 'join') {
        if (h.joined) return refused('This handle has already joined.');
        if (body.ptype !== 'publisher' && body.ptype !== 'subscriber') return refused('A join needs ptype publisher or subscriber.');
        if (typeof body.room !== 'number' || !Number.isSafeInteger(body.room) || body.room <= 0) return refused('A join needs the room number.');
        if (typeof body.token !== 'string' || !body.token || body.token.length > 200) return refused('A join needs your live token.');
        join = { room: body.room, token: body.token, ptype: body.ptype };
      }
      const out: RelayFrame = { ...withHandle, body: { ...body } };
      if (m.jsep !== undefined) {
        const j = m.jsep;
        if (!isJsonObject(j) || (j.type !== 'offer' && j.type !== 'answer') || typeof j.sdp !== 'string') return refused('A jsep needs a type (offer or answer) and an sdp.');
        out.jsep = { type: j.type, sdp: j.sdp, ...(typeof j.trickle === 'boolean' ? { trickle: j.trickle } : {}) };
      }
      return pass(out, null, join);
    }
  }
  return refused(`The request "${String(m.janus).slice(0, 40)}" is not available here.`);
}

/** The frame-rate window of one connection: at most RELAY_LIMITS.frames in RELAY_LIMITS.windowMs. */
export interface FrameWindow {
  startedAt: number;
  count: number;
}
export function countRelayFrame(w: FrameWindow, nowMs: number): { window: FrameWindow; tooMany: boolean } {
  const window = nowMs - w.startedAt > RELAY_LIMITS.windowMs ? { startedAt: nowMs, count: 1 } : { startedAt: w.startedAt, count: w.count + 1 };
  return { window, tooMany: window.count > RELAY_LIMITS.frames };
}
