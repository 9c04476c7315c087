// The browser's Janus VideoRoom client, shared by the fan site and the console like
// web-shared/realtime/client.ts is. Pure TypeScript over a WebSocket and an RTCPeerConnection, both given (so it also
// runs where they come from elsewhere); no library. The socket is the API's relay at GET /api/stream/janus
// (subprotocol janus-protocol, api/live/janus-relay.ts): same origin, the session cookie signs it in, the relay adds
// the room's pin, sets the display to the caller and checks every join's token against the session.
//
//   publisher: create session → attach videoroom → join {ptype:'publisher', room, token} → publish with an offer
//              (trickle) → the answer; `feedId`/`privateId` go to POST /api/stream/set_stream_data.
//   (the socket is /api/stream/janus?room=<room>: with several Janus instances the relay picks the room's.)
//   viewer:    create session → attach → join {ptype:'subscriber', room, token, streams:[{feed}]} → Janus' offer →
//              our answer with {request:'start'} (trickle).
// A keepalive every 25 s keeps the Janus session; close() leaves, detaches, destroys and closes everything.
// Errors shown to people use the spec's texts: 'Error while join stream' and 'WebRTC error'.

export const JOIN_STREAM_ERROR = 'Error while join stream';
export const WEBRTC_ERROR = 'WebRTC error';
export const JANUS_RELAY_PATH = '/api/stream/janus';
export const KEEPALIVE_MS = 25_000;
/** Relay close codes (api/live/janus-relay.ts RELAY_CLOSE): the token was taken back / the server is unavailable. */
export const RELAY_REVOKED = 4403;

/** A request to Janus (its fields depend on the request). */
type JanusRequest = Record<string, unknown>;

/** The VideoRoom plugin's answer or event, as this client reads it (Janus sends the fields the request calls for). */
interface VideoRoomData {
  videoroom?: string;
  id?: number;
  private_id?: number;
  error?: unknown;
  error_code?: number;
  unpublished?: unknown;
  leaving?: unknown;
  streams?: unknown;
}

/** A message from Janus as this client reads it: every field is optional, Janus sends the ones that apply. */
interface JanusMessage {
  janus?: string;
  transaction?: string;
  sender?: number;
  reason?: unknown;
  data?: { id?: number };
  plugindata?: { data?: VideoRoomData };
  jsep?: RTCSessionDescriptionInit;
  error?: { reason?: unknown; code?: number };
}

/** The part of a WebSocket this client uses. */
export interface JanusSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface JanusEnv {
  /** Opens the relay socket with the janus-protocol subprotocol. */
  open: (url: string) => JanusSocket;
  /** Makes a peer connection (browser: `(c) => new RTCPeerConnection(c)`). */
  peer: (config: RTCConfiguration) => RTCPeerConnection;
  url: string;
  iceServers?: RTCIceServer[];
  /** Diagnostics (never shown to people). */
  log?: (message: string, detail?: unknown) => void;
}

/** A Janus error in words, with the spec's text for people. */
export class JanusError extends Error {
  constructor(
    readonly userMessage: string,
    readonly detail: string,
    readonly code?: number,
  ) {
    super(`${userMessage}: ${detail}`);
  }
}

// Janus matches an answer to its request by transaction, per connection: a counter per connection is enough
// (no clock or randomness needed).

/** One relay socket with one Janus session on it: requests by transaction, events to the handles' listeners. */
export class JanusConnection {
  private socket: JanusSocket | null = null;
  private pending = new Map<string, { resolve: (m: JanusMessage) => void; reject: (e: Error) => void; plugin: boolean }>();
  private handleListeners = new Map<number, (m: JanusMessage) => void>();
  private keepalive: ReturnType<typeof setInterval> | null = null;
  private transactions = 0;
  private transactionId = () => `t${(++this.transactions).toString(36)}`;
  session: number | null = null;
  closed = false;
  /** Set when the socket closed (code and reason). */
  onClose: ((code: number, reason: string) => void) | null = null;

  constructor(private env: JanusEnv, private room?: number) {}

  /** Opens the socket and creates the Janus session. */
  async connect(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      // With several Janus instances the relay picks the room's by ?room= (always passed).
      const url = this.room === undefined ? this.env.url : `${this.env.url}${this.env.url.includes('?') ? '&' : '?'}room=${encodeURIComponent(String(this.room))}`;
      const s = this.env.open(url);
      this.socket = s;
      let opened = false;
      s.onopen = () => {
        opened = true;
        resolve();
      };
      s.onerror = () => {
        if (!opened) reject(new JanusError(JOIN_STREAM_ERROR, 'The live connection could not be opened.'));
      };
      s.onclose = (ev) => {
        if (!opened) reject(new JanusError(JOIN_STREAM_ERROR, ev.reason || `The live connection closed (${ev.code}).`, ev.code));
        this.shutdown(ev.code, ev.reason);
      };
      s.onmessage = (ev) => this.receive(ev.data);
    });
    const created = await this.request({ janus: 'create' });
    this.session = created.data?.id ?? null;
    if (typeof this.session !== 'number') throw new JanusError(JOIN_STREAM_ERROR, 'Janus did not create a session.');
    this.keepalive = setInterval(() => {
      if (this.session !== null && !this.closed) this.send({ janus: 'keepalive', session_id: this.session, transaction: this.transactionId() });
    }, KEEPALIVE_MS);
  }

  /** Attaches a VideoRoom handle; `onEvent` hears the handle's events that answer no request (webrtcup, hangup…). */
  async attach(onEvent: (m: JanusMessage) => void): Promise<number> {
    const m = await this.request({ janus: 'attach', session_id: this.session, plugin: 'janus.plugin.videoroom', opaque_id: `fanclub-${this.transactionId()}` });
    const id = m.data?.id;
    if (typeof id !== 'number') throw new JanusError(JOIN_STREAM_ERROR, 'Janus did not attach the video room.');
    this.handleListeners.set(id, onEvent);
    return id;
  }

  /** A VideoRoom request on a handle: resolves with the plugin's data and the jsep (after the ack). */
  async message(handle: number, body: JanusRequest, jsep?: RTCSessionDescriptionInit): Promise<{ data: VideoRoomData; jsep?: RTCSessionDescriptionInit }> {
    const m = await this.request({ janus: 'message', session_id: this.session, handle_id: handle, body, ...(jsep ? { jsep: { type: jsep.type, sdp: jsep.sdp } } : {}) }, true);
    const data = m.plugindata?.data ?? {};
    if (data.error) throw new JanusError(JOIN_STREAM_ERROR, String(data.error), data.error_code);
    return { data, jsep: m.jsep };
  }

  trickle(handle: number, candidate: RTCIceCandidateInit | null) {
    if (this.closed || this.session === null) return;
    const c = candidate && candidate.candidate ? { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex } : { completed: true };
    this.send({ janus: 'trickle', session_id: this.session, handle_id: handle, candidate: c, transaction: this.transactionId() });
  }

  /** Fire and forget (leave, detach…): nothing waits for it. */
  tell(body: JanusRequest) {
    if (this.closed || this.session === null) return;
    this.send({ ...body, session_id: this.session, transaction: this.transactionId() });
  }

  /** Destroys the session and closes the socket (idempotent). */
  close() {
    if (this.closed) return;
    if (this.session !== null) this.tell({ janus: 'destroy' });
    const s = this.socket;
    this.shutdown(1000, 'closed');
    try {
      s?.close(1000, 'bye');
    } catch {
      /* already closed */
    }
  }

  private shutdown(code: number, reason: string) {
    if (this.closed) return;
    this.closed = true;
    if (this.keepalive) clearInterval(this.keepalive);
    for (const p of this.pending.values()) p.reject(new JanusError(JOIN_STREAM_ERROR, reason || 'The live connection closed.', code));
    this.pending.clear();
    this.onClose?.(code, reason);
  }

  private send(m: JanusRequest) {
    const s = this.socket;
    if (!s || s.readyState !== 1) return;
    s.send(JSON.stringify(m));
  }

  private request(m: JanusRequest, plugin = false): Promise<JanusMessage> {
    if (this.closed) return Promise.reject(new JanusError(JOIN_STREAM_ERROR, 'The live connection is closed.'));
    const transaction = this.transactionId();
    return new Promise((resolve, reject) => {
      this.pending.set(transaction, { resolve, reject, plugin });
      this.send({ ...m, transaction });
    });
  }

  private receive(raw: unknown) {
    let m: JanusMessage;
    try {
      m = JSON.parse(String(raw));
    } catch {
      return;
    }
    if (!m || typeof m !== 'object') return;
    const transaction = typeof m.transaction === 'string' ? m.transaction : null;
    const p = transaction === null ? undefined : this.pending.get(transaction);
    if (p && transaction !== null) {
      if (m.janus === 'ack' && p.plugin) return; // the event with the same transaction follows
      this.pending.delete(transaction);
      if (m.janus === 'error') p.reject(new JanusError(JOIN_STREAM_ERROR, String(m.error?.reason ?? 'Janus refused the request.'), m.error?.code));
      else p.resolve(m);
      return;
    }
    if (m.janus === 'ack') return;
    const listener = typeof m.sender === 'number' ? this.handleListeners.get(m.sender) : undefined;
    listener?.(m);
    if (m.janus === 'detached' && typeof m.sender === 'number') this.handleListeners.delete(m.sender);
  }
}

export type LivePeerState = 'connecting' | 'live' | 'ended' | 'error';

interface PeerCallbacks {
  onState?: (state: LivePeerState, error?: JanusError) => void;
}

/** Waits for ICE gathering to end (or 2 s), so the offer carries the candidates too (trickle still runs). */
function gathered(pc: RTCPeerConnection, ms = 2000): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      pc.removeEventListener('icegatheringstatechange', check);
      clearTimeout(timer);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const timer = setTimeout(done, ms);
    pc.addEventListener('icegatheringstatechange', check);
  });
}

/** Follows the peer connection: connected → live, failed → 'WebRTC error'. */
function watchPeer(pc: RTCPeerConnection, say: (s: LivePeerState, e?: JanusError) => void) {
  pc.addEventListener('connectionstatechange', () => {
    if (pc.connectionState === 'connected') say('live');
    else if (pc.connectionState === 'failed') say('error', new JanusError(WEBRTC_ERROR, 'The media connection failed.'));
  });
}

export interface Publisher {
  feedId: number;
  privateId: number;
  pc: RTCPeerConnection;
  /** Swaps the camera or microphone track without renegotiating. */
  replaceTrack(track: MediaStreamTrack): Promise<void>;
  close(): void;
}

/** Joins `room` as the publisher with the API's token and publishes `stream`. */
export async function publishStream(env: JanusEnv, opts: { room: number; token: string; stream: MediaStream } & PeerCallbacks): Promise<Publisher> {
  const conn = new JanusConnection(env, opts.room);
  let ended = false;
  const say = (s: LivePeerState, e?: JanusError) => {
    if (ended && s !== 'ended') return;
    if (s === 'ended' || s === 'error') ended = true;
    opts.onState?.(s, e);
  };
  let pc: RTCPeerConnection | null = null;
  conn.onClose = (code, reason) => say(code === RELAY_REVOKED ? 'ended' : 'error', new JanusError(code === RELAY_REVOKED ? reason : WEBRTC_ERROR, reason, code));
  try {
    say('connecting');
    await conn.connect();
    const handle = await conn.attach((m) => {
      if (m.janus === 'hangup') say('error', new JanusError(WEBRTC_ERROR, String(m.reason ?? 'hangup')));
      if (m.janus === 'webrtcup') say('live');
    });
    const joined = await conn.message(handle, { request: 'join', ptype: 'publisher', room: opts.room, token: opts.token });
    if (joined.data.videoroom !== 'joined') throw new JanusError(JOIN_STREAM_ERROR, 'The room was not joined.');
    const feedId = joined.data.id as number;
    const privateId = joined.data.private_id as number;
    pc = env.peer({ iceServers: env.iceServers ?? [] });
    const peer = pc;
    watchPeer(peer, say);
    peer.addEventListener('icecandidate', (ev) => conn.trickle(handle, ev.candidate ? ev.candidate.toJSON() : null));
    for (const track of opts.stream.getTracks()) peer.addTransceiver(track, { direction: 'sendonly', streams: [opts.stream] });
    const offer = await peer.createOffer();
    await peer.setLocalDescription(offer);
    await gathered(peer, 500);
    const answer = await conn.message(handle, { request: 'publish', audio: opts.stream.getAudioTracks().length > 0, video: true }, peer.localDescription ?? offer);
    if (!answer.jsep) throw new JanusError(WEBRTC_ERROR, 'Janus did not answer the offer.');
    await peer.setRemoteDescription(answer.jsep);
    return {
      feedId,
      privateId,
      pc: peer,
      async replaceTrack(track) {
        const sender = peer.getSenders().find((s) => s.track?.kind === track.kind) ?? peer.getTransceivers().find((t) => t.receiver.track.kind === track.kind)?.sender;
        await sender?.replaceTrack(track);
      },
      close() {
        ended = true;
        conn.tell({ janus: 'message', handle_id: handle, body: { request: 'leave' } });
        peer.close();
        conn.close();
      },
    };
  } catch (e) {
    pc?.close();
    conn.close();
    throw e instanceof JanusError ? e : new JanusError(WEBRTC_ERROR, e instanceof Error ? e.message : String(e));
  }
}

export interface Viewer {
  pc: RTCPeerConnection;
  stream: MediaStream;
  close(): void;
}

/**
 * Joins `room` as a viewer of `feed` with the API's token: Janus offers, we answer with start. `onState('ended')`
 * when the publisher left or unpublished, or the token was taken back (the relay closes with 4403).
 */
export async function watchStream(env: JanusEnv, opts: { room: number; token: string; feed: number | string; onTrack?: (stream: MediaStream) => void } & PeerCallbacks): Promise<Viewer> {
  const conn = new JanusConnection(env, opts.room);
  let ended = false;
  const say = (s: LivePeerState, e?: JanusError) => {
    if (ended && s !== 'ended') return;
    if (s === 'ended' || s === 'error') ended = true;
    opts.onState?.(s, e);
  };
  let pc: RTCPeerConnection | null = null;
  conn.onClose = (code, reason) => say(code === RELAY_REVOKED || code === 1000 ? 'ended' : 'error', new JanusError(code === RELAY_REVOKED ? reason : WEBRTC_ERROR, reason, code));
  try {
    say('connecting');
    await conn.connect();
    const handle = await conn.attach((m) => {
      const data = m.plugindata?.data;
      if (m.janus === 'hangup') say('ended');
      else if (m.janus === 'webrtcup') say('live');
      // The publisher left or unpublished: the stream is gone.
      else if (data && (data.unpublished !== undefined || data.leaving !== undefined || (data.videoroom === 'updated' && Array.isArray(data.streams) && data.streams.every((s: { active?: unknown }) => s.active === false))))
        say('ended');
    });
    const feed = typeof opts.feed === 'string' ? Number(opts.feed) : opts.feed;
    const stream = new MediaStream();
    pc = env.peer({ iceServers: env.iceServers ?? [] });
    const peer = pc;
    watchPeer(peer, say);
    peer.addEventListener('icecandidate', (ev) => conn.trickle(handle, ev.candidate ? ev.candidate.toJSON() : null));
    peer.addEventListener('track', (ev) => {
      if (!stream.getTracks().includes(ev.track)) stream.addTrack(ev.track);
      opts.onTrack?.(stream);
    });
    const joined = await conn.message(handle, { request: 'join', ptype: 'subscriber', room: opts.room, token: opts.token, streams: [{ feed }] });
    if (joined.data.videoroom !== 'attached' || !joined.jsep) throw new JanusError(JOIN_STREAM_ERROR, 'The stream could not be attached.');
    await peer.setRemoteDescription(joined.jsep);
    const answer = await peer.createAnswer();
    await peer.setLocalDescription(answer);
    await conn.message(handle, { request: 'start' }, peer.localDescription ?? answer);
    return {
      pc: peer,
      stream,
      close() {
        ended = true;
        conn.tell({ janus: 'message', handle_id: handle, body: { request: 'leave' } });
        peer.close();
        conn.close();
      },
    };
  } catch (e) {
    pc?.close();
    conn.close();
    throw e instanceof JanusError ? e : new JanusError(WEBRTC_ERROR, e instanceof Error ? e.message : String(e));
  }
}

/** The relay's address on this site (the browser's session cookie rides on the upgrade). */
export const relayUrl = (origin: string) => `${origin.replace(/^http/, 'ws')}${JANUS_RELAY_PATH}`;

/** The browser's environment: its WebSocket (janus-protocol) and RTCPeerConnection. */
export function browserJanusEnv(origin: string, log?: JanusEnv['log']): JanusEnv {
  return {
    url: relayUrl(origin),
    open: (url) => new WebSocket(url, 'janus-protocol') as unknown as JanusSocket,
    peer: (config) => new RTCPeerConnection(config),
    log,
  };
}

/** Inbound video frames decoded so far (getStats inbound-rtp framesDecoded), for health checks and tests. */
export async function framesDecoded(pc: RTCPeerConnection): Promise<number> {
  let n = 0;
  const stats = await pc.getStats();
  // A report holds stats of several types: the fields an inbound RTP stream has, where it has them.
  stats.forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
    if (s.type === 'inbound-rtp' && s.kind === 'video' && typeof s.framesDecoded === 'number') n += s.framesDecoded;
  });
  return n;
}
