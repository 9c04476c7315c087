// The media server for live streaming, as the rest of the app sees it. Implementations: Janus
// (infra/live/janus.ts: a child process the API starts, or a separate Janus at JANUS_URL) and an unavailable one
// (infra/live/unavailable.ts) that says why. Browsers never talk to the media server directly: they go through
// the API's relay at GET /api/stream/janus, which passes only what a publisher or viewer needs.

/** A room per live session. `secret` is needed to edit/destroy it, `pin` to join it; both stay server-side
 *  except the pin, which the API may hand to an entitled viewer together with their token. */
export interface LiveRoom {
  room: number;
  secret: string;
  pin: string;
}

/** `url`: where browsers reach the media server — the API's relay path, /api/stream/janus (never Janus itself). */
export type LiveMediaStatus = { available: true; url: string } | { available: false; reason: string };

export interface LiveMediaServer {
  /** Synchronous; `reason` is a sentence for the console and the apps. */
  status(): LiveMediaStatus;
  /** A room per session, created with the admin key; `record` writes .mjr files under the recordings folder
   *  named from `recordingName` (spec: "built from the host and stream id"). The allowed list starts empty,
   *  so nobody can join until `allow` adds a token. */
  createRoom(opts: { description: string; record: boolean; recordingName: string; maxPublishers?: number }): Promise<LiveRoom>;
  /** Add tokens to the room's `allowed` list. */
  allow(room: LiveRoom, tokens: string[]): Promise<void>;
  /** Remove tokens from the room's `allowed` list (and kick whoever joined with them, where Janus allows). */
  disallow(room: LiveRoom, tokens: string[]): Promise<void>;
  listParticipants(room: LiveRoom): Promise<Array<{ id: number; display: string; publisher: boolean }>>;
  /** Idempotent: a missing room is fine. */
  destroyRoom(room: LiveRoom): Promise<void>;
  /** After destroyRoom: turn the session's .mjr files into one mp4 (janus-pp-rec + ffmpeg). null when nothing
   *  was recorded. */
  finishRecording(recordingName: string): Promise<{ path: string; bytes: number; durationSeconds: number } | null>;
  close(): Promise<void>;
  /** What the API's browser relay (GET /api/stream/janus) needs; absent when live streaming is unavailable. */
  readonly relay?: LiveRelayBackend;
}

/** The relay's view of the media server: where browsers' Janus sessions go and how a join is checked. */
export interface LiveRelayBackend {
  /** The Janus WebSocket API each browser connection is relayed to. */
  url: string;
  /** Several Janus instances: the one a room lives on (the browser names its room when it opens the relay). */
  urlFor?(room: number): string;
  /** Added to every relayed request (the Janus the API starts requires one). */
  apiSecret?: string;
  /** Whether `token` is on the room's allowed list right now (false for a missing room). Janus itself checks
   *  tokens only for publishers, so the relay asks before every join, subscriber joins included. */
  tokenAllowed(room: number, token: string): Promise<boolean>;
  /** The room's allowed list right now (null for a missing room): the relay re-checks joined sockets with it,
   *  one request per room. */
  allowedTokens(room: number): Promise<string[] | null>;
  /** The room's pin: the relay adds it to joins, so a browser needs only its token. */
  pinOf(room: number): string;
  /** disallow/destroyRoom in this process: the relay drops the connections that joined with those tokens at
   *  once (other API nodes' relays notice within a few seconds by asking tokenAllowed again). Room 0: every
   *  room (the Janus the API runs stopped). */
  onRevoked(listener: (room: number, tokens: string[] | 'all') => void): () => void;
}

/** Who may join a room as what: the relay asks before passing a join on (the API's live rules decide; the
 *  default lets only staff publish). `ptype` is Janus' participant type. Answer null to allow, or the refusal. */
export type LiveJoinPolicy = (caller: { userId: string; role: string }, join: { room: number; ptype: 'publisher' | 'subscriber'; token: string }) => Promise<string | null>;

/** A joined media connection the relay follows: one handle on the media server, joined with a token. */
export interface LiveMediaConnection {
  userId: string;
  room: number;
  token: string;
  ptype: 'publisher' | 'subscriber';
  /** The handle's id on the media server. */
  handle: string;
}

/**
 * What the relay tells the API's live rules about the connections it relays: a handle's media came up (the media
 * server's webrtcup), the browser behind it answered a heartbeat, or the connection was lost — its socket closed,
 * its heartbeat went unanswered, the media server hung it up, or it left the room.
 */
export interface LivePresence {
  connected(c: LiveMediaConnection): void;
  alive(c: LiveMediaConnection): void;
  lost(c: LiveMediaConnection, cause: 'closed' | 'heartbeat' | 'hangup' | 'left'): void;
}

/** Thrown by every call of an unavailable media server (and by Janus calls when Janus stopped answering). */
export class LiveMediaUnavailableError extends Error {
  override readonly name = 'LiveMediaUnavailableError';
}

/** The reason shown when neither JANUS_URL nor the `janus` binary is there. */
export const JANUS_MISSING_REASON = 'Live streaming needs the Janus media server: install the Debian package janus, or set JANUS_URL.';
