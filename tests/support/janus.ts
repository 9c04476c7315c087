// Real Janus for tests: one Janus per test file (free ports, its own folder; ready in ~0.1 s), a small Janus
// API client (straight to Janus, or through the API's relay), and a Node WebRTC publisher (werift) that sends a
// test pattern and a tone made by ffmpeg, so a room really records.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import { spawnJanusLiveMedia } from '../../infra/live/janus';
import { findJanusBinary } from '../../infra/live/janus-process';
import type { LiveMediaServer, LiveRelayBackend } from '../../infra/live/port';
import { ffmpegPath } from '../../infra/media/video';

export interface TestJanus {
  liveMedia: LiveMediaServer & { relay: LiveRelayBackend };
  url: string;
  adminKey: string;
  apiSecret: string;
  dir: string;
  recordingsDir: string;
  wsPort: number;
  stop(): Promise<void>;
}

/** Janus is part of CI (.ci/run installs it); elsewhere a machine without it skips the live suites. */
export function requireJanus(): boolean {
  if (findJanusBinary()) return true;
  if (process.env.CI === 'true') throw new Error('The janus binary is not installed; CI=true: the live suites must run (apt-get install janus janus-tools).');
  console.warn('janus not found on PATH: skipping the live suites.');
  return false;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Starts a Janus of its own for a test file (the caller stops it in afterAll). */
export async function startTestJanus(opts: {
  adminKey?: string; apiSecret?: string; instanceIndex?: number; /** RTP ports (one per peer connection; default 100) */ rtpPorts?: number;
  /** Janus' session_timeout (default 60 s, as in production) */ sessionTimeoutSeconds?: number;
} = {}): Promise<TestJanus> {
  // On the system's temporary folder, not the run's in /dev/shm: Janus refuses to record under /dev (protected_folders).
  const dir = fs.mkdtempSync(path.join(process.env.FANCLUB_TEST_DISK_TMPDIR ?? os.tmpdir(), 'fanclub-janus-'));
  // Several instances of one pool share the admin key and the api secret.
  const adminKey = opts.adminKey ?? randomBytes(18).toString('base64url');
  const apiSecret = opts.apiSecret ?? randomBytes(18).toString('base64url');
  // A block of RTP ports of its own, so test files running side by side do not share ports.
  const base = 30_000 + Math.floor(Math.random() * 290) * 100;
  for (let attempt = 0; ; attempt++) {
    const wsPort = await freePort();
    try {
      const liveMedia = await spawnJanusLiveMedia({
        configDir: path.join(dir, 'conf'), recordingsDir: path.join(dir, 'recordings'), wsPort, httpPort: 0,
        rtpPortRange: `${base}-${base + (opts.rtpPorts ?? 100) - 1}`, adminKey, apiSecret, statusUrl: '/api/stream/janus', instanceIndex: opts.instanceIndex,
        sessionTimeoutSeconds: opts.sessionTimeoutSeconds,
      });
      return {
        liveMedia, url: `ws://127.0.0.1:${wsPort}`, adminKey, apiSecret, dir, recordingsDir: path.join(dir, 'recordings'), wsPort,
        async stop() {
          await liveMedia.close();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    } catch (e) {
      if (attempt >= 2) throw e; // the port was taken between choosing and binding: another
    }
  }
}

type Json = Record<string, any>;

/** Janus drops a session after `session_timeout` (60 s) without a request: keepalives well inside it, as browsers do. */
export const JANUS_KEEPALIVE_MS = 25_000;

/** A Janus API client for tests: `request` resolves with the answer to a transaction (for plugin messages, the
 *  plugin's event: an ack is skipped), `events` collects everything else. Once it has a session it sends a keepalive
 *  every `keepaliveMs` (with the same extra fields as the create, e.g. the api secret) until the socket closes. */
export class JanusTestClient {
  readonly events: Json[] = [];
  closed: { code: number; reason: string } | null = null;
  /** Keepalives sent so far (tests check they stop on close). */
  keepalivesSent = 0;
  private waiting = new Map<string, { done: (m: Json) => void; ack: boolean }>();
  private keepalive: NodeJS.Timeout | null = null;
  private constructor(readonly ws: WebSocket, private readonly keepaliveMs: number) {
    ws.on('message', (raw) => {
      const m = JSON.parse(raw.toString()) as Json;
      const w = typeof m.transaction === 'string' ? this.waiting.get(m.transaction) : undefined;
      // An ack answers a keepalive; for a plugin message the event follows it.
      if (m.janus === 'ack' && !w?.ack) return;
      if (w) {
        this.waiting.delete(m.transaction);
        w.done(m);
      } else this.events.push(m);
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.stopKeepalive();
    });
  }

  /** `keepaliveMs`: 0 sends none (a test of Janus' session timeout). */
  static connect(url: string, headers: Record<string, string> = {}, options: { keepaliveMs?: number } = {}): Promise<JanusTestClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, 'janus-protocol', { headers });
      ws.once('open', () => resolve(new JanusTestClient(ws, options.keepaliveMs ?? JANUS_KEEPALIVE_MS)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  request(body: Json, timeoutMs = 10_000): Promise<Json> {
    const transaction = randomBytes(8).toString('hex');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${JSON.stringify(body).slice(0, 200)}`)), timeoutMs);
      this.waiting.set(transaction, {
        ack: body.janus === 'keepalive',
        done: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
      this.ws.send(JSON.stringify({ ...body, transaction }));
    });
  }

  /** The session this client made first (one per connection, as a browser does). */
  session: number | null = null;

  /** A new janus.plugin.videoroom handle (on the client's session, created the first time); returns the ids. */
  async attach(extra: Json = {}): Promise<{ session: number; handle: number }> {
    if (this.session === null) {
      const s = await this.request({ janus: 'create', ...extra });
      if (s.janus !== 'success') throw new Error(`create: ${JSON.stringify(s)}`);
      this.session = s.data.id as number;
      this.startKeepalive(this.session, extra);
    }
    const s = { data: { id: this.session } };
    const h = await this.request({ janus: 'attach', session_id: s.data.id, plugin: 'janus.plugin.videoroom', ...extra });
    if (h.janus !== 'success') throw new Error(`attach: ${JSON.stringify(h)}`);
    return { session: s.data.id, handle: h.data.id };
  }

  /** A VideoRoom message on the handle: the plugin's data (or the Janus error as { error }), plus the jsep. */
  async message(ids: { session: number; handle: number }, body: Json, jsep?: Json, extra: Json = {}): Promise<{ data: Json; jsep?: Json; raw: Json }> {
    const m = await this.request({ janus: 'message', session_id: ids.session, handle_id: ids.handle, body, ...(jsep ? { jsep } : {}), ...extra });
    if (m.janus === 'error') return { data: { error: m.error?.reason, error_code: m.error?.code }, raw: m };
    return { data: m.plugindata?.data ?? {}, jsep: m.jsep, raw: m };
  }

  /** Resolves when the socket closes (with its code and reason). */
  waitClosed(timeoutMs = 15_000): Promise<{ code: number; reason: string }> {
    if (this.closed) return Promise.resolve(this.closed);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the socket did not close')), timeoutMs);
      this.ws.once('close', (code, reason) => {
        clearTimeout(timer);
        resolve({ code, reason: reason.toString() });
      });
    });
  }

  private startKeepalive(session: number, extra: Json) {
    if (this.keepaliveMs <= 0 || this.keepalive) return;
    this.keepalive = setInterval(() => {
      if (this.ws.readyState !== WebSocket.OPEN) return this.stopKeepalive();
      this.keepalivesSent++;
      // A keepalive Janus does not answer (a dead session) surfaces at the next request; nothing to do here.
      this.request({ janus: 'keepalive', session_id: session, ...extra }).catch(() => {});
    }, this.keepaliveMs);
    this.keepalive.unref();
  }

  private stopKeepalive() {
    if (this.keepalive) clearInterval(this.keepalive);
    this.keepalive = null;
  }

  close() {
    this.stopKeepalive();
    this.ws.close();
  }
}

/**
 * Publishes on a joined publisher handle from Node: a werift peer with a VP8 test pattern and an Opus tone that
 * ffmpeg encodes and sends to it as RTP. Resolves once Janus answered the offer; stop() ends the media.
 */
export async function publishTestStream(client: JanusTestClient, ids: { session: number; handle: number }, extra: Json = {}): Promise<{ stop(): Promise<void>; connected: Promise<void>; /** video frames ffmpeg handed over so far (RTP marker bits) */ sentVideoFrames(): number }> {
  const pc = new RTCPeerConnection({
    codecs: {
      video: [new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, payloadType: 96, rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }, { type: 'goog-remb' }] })],
      audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2, payloadType: 111 })],
    },
  });
  const video = new MediaStreamTrack({ kind: 'video' });
  const audio = new MediaStreamTrack({ kind: 'audio' });
  pc.addTransceiver(video, { direction: 'sendonly' });
  pc.addTransceiver(audio, { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  if (pc.iceGatheringState !== 'complete') await new Promise<void>((r) => pc.iceGatheringStateChange.subscribe((s) => { if (s === 'complete') r(); }));
  const answer = await client.message(ids, { request: 'publish', audiocodec: 'opus', videocodec: 'vp8' }, { type: 'offer', sdp: pc.localDescription!.sdp }, extra);
  if (!answer.jsep) throw new Error(`publish was not answered: ${JSON.stringify(answer.data)}`);
  await pc.setRemoteDescription(answer.jsep as { type: 'answer'; sdp: string });
  const connected = new Promise<void>((resolve) => {
    if (pc.connectionState === 'connected') return resolve();
    pc.connectionStateChange.subscribe((s) => { if (s === 'connected') resolve(); });
  });

  // ffmpeg → RTP on two local UDP ports → the werift tracks.
  const sockets = await Promise.all([0, 1].map(() => new Promise<dgram.Socket>((resolve) => {
    const s = dgram.createSocket('udp4');
    s.bind(0, '127.0.0.1', () => resolve(s));
  })));
  let videoFrames = 0;
  sockets[0].on('message', (b) => {
    if (b.length > 1 && b[1] & 0x80) videoFrames++;
    video.writeRtp(b);
  });
  sockets[1].on('message', (b) => audio.writeRtp(b));
  const [vPort, aPort] = sockets.map((s) => s.address().port);
  const ff: ChildProcess = spawn(ffmpegPath(), [
    '-hide_banner', '-loglevel', 'error', '-re',
    '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=30',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-map', '0:v', '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '600k', '-g', '30', '-payload_type', '96', '-ssrc', '1', '-f', 'rtp', `rtp://127.0.0.1:${vPort}?pkt_size=1200`,
    '-map', '1:a', '-c:a', 'libopus', '-ac', '2', '-b:a', '48k', '-payload_type', '111', '-ssrc', '2', '-f', 'rtp', `rtp://127.0.0.1:${aPort}?pkt_size=1200`,
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  ff.stderr!.resume();
  return {
    connected,
    sentVideoFrames: () => videoFrames,
    async stop() {
      ff.kill('SIGKILL');
      for (const s of sockets) s.close();
      await pc.close();
    },
  };
}

/**
 * Watches a feed on a fresh subscriber handle from Node: a werift peer that answers Janus' offer and starts the
 * stream, counting the video packets it receives. `join` is the subscriber join's body (room, token, streams).
 * Resolves once Janus took the answer; `connected` resolves when the media connection is up; stop() closes it.
 */
export async function watchTestStream(client: JanusTestClient, ids: { session: number; handle: number }, join: Json, extra: Json = {}): Promise<{ stop(): Promise<void>; connected: Promise<void>; videoPackets(): number; joined: Json }> {
  const joined = await client.message(ids, { request: 'join', ptype: 'subscriber', ...join }, undefined, extra);
  if (!joined.jsep) throw new Error(`the subscriber join was not offered: ${JSON.stringify(joined.data)}`);
  const pc = new RTCPeerConnection({
    codecs: {
      video: [new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }] })],
      audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
    },
  });
  let packets = 0;
  pc.onTrack.subscribe((track) => {
    if (track.kind === 'video') track.onReceiveRtp.subscribe(() => void packets++);
  });
  const connected = new Promise<void>((resolve) => {
    pc.connectionStateChange.subscribe((s) => { if (s === 'connected') resolve(); });
  });
  await pc.setRemoteDescription(joined.jsep as { type: 'offer'; sdp: string });
  await pc.setLocalDescription(await pc.createAnswer());
  if (pc.iceGatheringState !== 'complete') await new Promise<void>((r) => pc.iceGatheringStateChange.subscribe((s) => { if (s === 'complete') r(); }));
  const started = await client.message(ids, { request: 'start' }, { type: 'answer', sdp: pc.localDescription!.sdp }, extra);
  if (started.data.error) throw new Error(`start: ${JSON.stringify(started.data)}`);
  return {
    connected,
    joined: joined.data,
    videoPackets: () => packets,
    async stop() {
      await pc.close();
    },
  };
}
