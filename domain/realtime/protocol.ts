// The socket protocol: JSON text frames {type, data, position?} on GET /ws.
// Pure: what a client may send, how a bad frame is answered, and the close codes. The gateway (api/realtime)
// does the I/O.

/** Close codes: 4xxx are ours (a client must not reconnect blindly on 4401/4403), 1001/1009 are the standard ones. */
export const CLOSE = {
  /** No, invalid or expired token; logged out (here or elsewhere); password changed. */
  unauthorized: 4401,
  /** The account is blocked. */
  blocked: 4403,
  /** No AUTH frame in time. */
  authTimeout: 4408,
  /** Not JSON, an unknown type or invalid fields. */
  badFrame: 4400,
  /** More frames than the limit allows. */
  tooManyFrames: 4429,
  /** A frame over the size limit. */
  tooBig: 1009,
  /** The server is going down: reconnect (to another node). */
  goingAway: 1001,
} as const;

/** Seconds a new socket has to send AUTH. */
export const AUTH_TIMEOUT_MS = 10_000;
/** Largest client frame (bytes). Client frames are small commands; anything bigger is an attack or a bug. */
export const MAX_FRAME_BYTES = 16 * 1024;
/** Frames a client may send per window; the reason of a 4429 close says the limit. */
export const FRAME_LIMIT = { frames: 30, windowMs: 10_000 };
export const frameLimitReason = `More than ${FRAME_LIMIT.frames} frames in ${FRAME_LIMIT.windowMs / 1000} s.`;

/** Frames a client sends (plus AUTH). Live streaming: the HTTP calls under /api/stream/
 *  start, stop and hand out tokens; these frames ask for the live state (answered LIVE_STATUS, GO_LIVE /
 *  GROUP_LIVE_STARTED, STREAM_ALREADY_STARTED, SET_VIEWER) and LEFT_STREAM / LEAVE_GROUP_STREAM give up the caller's
 *  tokens (api/realtime/live.ts). */
export type ClientFrame =
  | { type: 'AUTH'; data: { token?: string; since?: string } }
  | { type: 'CHECK_ONLINE_USER'; data: { userId?: string } }
  | { type: 'CHECK_ONLINE_EVERY_USER'; data: Record<string, never> }
  | { type: 'USER_ONLINE'; data: { userId?: string } }
  | { type: 'MODEL_ONLINE'; data: Record<string, never> }
  | { type: 'GET_ONLINE_USER_LIST'; data: Record<string, never> }
  | { type: 'JOIN_ROOM'; data: { roomId: string; userId?: string } }
  | { type: 'ADMIN_IN_USER_CHAT'; data: { adminId?: string; userId: string | null } }
  | { type: 'LOGOUT_USER'; data: Record<string, never> }
  | { type: 'CHECK_STREAM_STARTED'; data: { userId?: string } }
  | { type: 'JOIN_STREAM'; data: { userId?: string } }
  | { type: 'LEFT_STREAM'; data: { userId?: string } }
  | { type: 'LEAVE_GROUP_STREAM'; data: Record<string, never> }
  | { type: 'GET_VIEWER'; data: Record<string, never> }
  | { type: 'START_LIVE_STREAM'; data: { userId?: string; tabToken?: string } }
  | { type: 'STOP_LIVE_STREAM'; data: Record<string, never> }
  | { type: 'GROUP_LIVE_STARTED'; data: Record<string, never> }
  | { type: 'STOP_GROUP_LIVE_STREAM'; data: Record<string, never> }
  /** Asks for the caller's pay-per-message terms, answered PAY_PER_MESSAGE_STATUS. email, isUniversal and
   *  modelDomain name the account and the site under universal login; this is one site, so the answer is always
   *  the signed-in caller's own here, and they are checked for shape only. */
  | { type: 'IS_ENABLE_PAY_PER_MESSAGE'; data: { email?: string; isUniversal?: boolean; modelDomain?: string } };

export type ClientFrameType = ClientFrame['type'];

type FieldRule = { kind: 'string' | 'id' | 'id-or-null' | 'tab' | 'boolean' | 'email' | 'domain'; required: boolean };
const TAB = /^[0-9a-f]{12}$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}$/;
/** A host with an optional port, as location.host gives it (an IPv6 literal in brackets too). */
const DOMAIN = /^(\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9.-]{1,253})(:\d{1,5})?$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const POSITION = /^\d{1,16}\/\d{1,16}$/;

const FIELDS: Record<ClientFrameType, Record<string, FieldRule>> = {
  AUTH: { token: { kind: 'string', required: false }, since: { kind: 'string', required: false } },
  CHECK_ONLINE_USER: { userId: { kind: 'id', required: false } },
  CHECK_ONLINE_EVERY_USER: {},
  USER_ONLINE: { userId: { kind: 'id', required: false } },
  MODEL_ONLINE: {},
  GET_ONLINE_USER_LIST: {},
  JOIN_ROOM: { roomId: { kind: 'id', required: true }, userId: { kind: 'id', required: false } },
  ADMIN_IN_USER_CHAT: { adminId: { kind: 'id', required: false }, userId: { kind: 'id-or-null', required: true } },
  LOGOUT_USER: {},
  CHECK_STREAM_STARTED: { userId: { kind: 'id', required: false } },
  JOIN_STREAM: { userId: { kind: 'id', required: false } },
  LEFT_STREAM: { userId: { kind: 'id', required: false } },
  LEAVE_GROUP_STREAM: {},
  GET_VIEWER: {},
  START_LIVE_STREAM: { userId: { kind: 'id', required: false }, tabToken: { kind: 'tab', required: false } },
  STOP_LIVE_STREAM: {},
  GROUP_LIVE_STARTED: {},
  STOP_GROUP_LIVE_STREAM: {},
  IS_ENABLE_PAY_PER_MESSAGE: { email: { kind: 'email', required: false }, isUniversal: { kind: 'boolean', required: false }, modelDomain: { kind: 'domain', required: false } },
};

export type ParsedFrame = { ok: true; frame: ClientFrame } | { ok: false; reason: string };

const bad = (reason: string): ParsedFrame => ({ ok: false, reason });

/** Parses one text frame. Every refusal says why in a reason short enough for a close frame (≤ 123 bytes). */
export function parseClientFrame(text: string): ParsedFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return bad('The frame is not JSON.');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return bad('The frame must be a JSON object.');
  const { type, data = {} } = value as { type?: unknown; data?: unknown };
  if (typeof type !== 'string' || !Object.hasOwn(FIELDS, type)) return bad('Unknown frame type.');
  if (!data || typeof data !== 'object' || Array.isArray(data)) return bad(`${type}: data must be an object.`);
  const rules = FIELDS[type as ClientFrameType];
  const fields = data as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (!Object.hasOwn(rules, key)) return bad(`${type}: unknown field ${key.slice(0, 30)}.`);
  for (const [key, rule] of Object.entries(rules)) {
    const v = fields[key];
    if (v === undefined) {
      if (rule.required) return bad(`${type}: ${key} is required.`);
      continue;
    }
    if (rule.kind === 'id-or-null' && v === null) continue;
    if (rule.kind === 'boolean') {
      if (typeof v !== 'boolean') return bad(`${type}: ${key} must be true or false.`);
      continue;
    }
    if (typeof v !== 'string') return bad(`${type}: ${key} must be a string.`);
    if (rule.kind === 'email' && !EMAIL.test(v)) return bad(`${type}: ${key} is not an email address.`);
    if (rule.kind === 'domain' && !DOMAIN.test(v)) return bad(`${type}: ${key} is not a domain.`);
    if ((rule.kind === 'id' || rule.kind === 'id-or-null') && !ID.test(v)) return bad(`${type}: ${key} is invalid.`);
    if (rule.kind === 'tab' && !TAB.test(v)) return bad(`${type}: ${key} must be 12 hexadecimal characters.`);
  }
  if (type === 'AUTH') {
    const { token, since } = fields as { token?: string; since?: string };
    if (token !== undefined && !TOKEN.test(token)) return bad('AUTH: token is invalid.');
    if (since !== undefined && !POSITION.test(since)) return bad('AUTH: since is invalid.');
  }
  return { ok: true, frame: { type, data: fields } as ClientFrame };
}

/** A frame the server sends. `position` is the `$all` position of the event a frame came from. */
export interface ServerFrame<T = unknown> {
  type: string;
  data: T;
  position?: string;
}

/** Sliding-window frame counter: pure, the gateway keeps one per socket. */
export interface FrameWindow {
  startedAt: number;
  count: number;
}

/** Counts one frame; false when it goes over the limit. */
export function countFrame(window: FrameWindow, nowMs: number): boolean {
  if (nowMs - window.startedAt >= FRAME_LIMIT.windowMs) {
    window.startedAt = nowMs;
    window.count = 0;
  }
  window.count += 1;
  return window.count <= FRAME_LIMIT.frames;
}
