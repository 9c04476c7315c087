// `npm run bench -- live`: live streaming on ONE real Janus (started as tests/support/janus.ts
// does), the API in this process (PGlite), a werift publisher fed by ffmpeg (VP8 640x360 30 fps 600 kbit/s + Opus).
//   1. viewers per Janus: werift viewers join THROUGH THE RELAY (GET /api/stream/janus, as browsers do), each its
//      own subscribed fan. Join time = POST add_token → relay socket → create/attach/join → answer/start → ICE/DTLS
//      → the first complete VP8 keyframe (start packet … marker bit: the first decodable frame; werift does not
//      decode). The ramp adds viewers (1, 5, 10, 20, 40, 80 …) and counts, over a window, the video frames every
//      viewer receives next to the frames the publisher sent in the same window; it stops when the slowest
//      viewers' rate falls below 80 % of the publisher's (or at the cap). CPU of Janus and of this process (the
//      viewers decrypt SRTP in JavaScript here, so on a small machine the clients may be the limit: both shown).
//   2. the gateway's cost per live comment / tip broadcast: N sockets on /ws, each a fan holding a viewer token;
//      time from POST /api/stream/send_message (or send_tips by wallet) to the GROUP_MESSAGE frame on the LAST
//      socket, p50/p99; same-run baseline: a plain chat message (POST /api/chat/send_message) to its one
//      recipient's socket (the model), and the same comment with only 1 viewer socket.
// Prints figures; asserts nothing.
import fs from 'node:fs';
import os from 'node:os';
import WebSocket from 'ws';
import { MediaStreamTrack, RTCPeerConnection } from 'werift';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type TestServer } from '../support/server';
import { JanusTestClient, publishTestStream, requireJanus, startTestJanus } from '../support/janus';
import { topUpWallet } from '../support/wallet';

type Frame = { type: string; data: any };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(0)} ms`.padStart(7);

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** The pid of the Janus whose folder is `dir` (its command line names its config folder). */
function janusPid(dir: string): number | null {
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8');
      if (cmd.includes(dir) && /janus/.test(cmd.split('\0')[0])) return Number(p);
    } catch {
      /* gone */
    }
  }
  return null;
}

/** VP8 RTP payload: is this the first packet of a keyframe? (RFC 7741 descriptor, then the P bit of the frame tag) */
function vp8KeyframeStart(payload: Buffer): boolean {
  if (payload.length < 2) return false;
  const b0 = payload[0];
  const start = (b0 & 0x10) !== 0 && (b0 & 0x07) === 0;
  if (!start) return false;
  let o = 1;
  if (b0 & 0x80) {
    const x = payload[o++];
    if (x & 0x80) o += payload[o] & 0x80 ? 2 : 1;
    if (x & 0x40) o += 1;
    if (x & 0x30) o += 1;
  }
  return o < payload.length && (payload[o] & 0x01) === 0;
}

interface Fan { token: string; id: string }

async function makeFans(t: TestServer, n: number, label: string): Promise<Fan[]> {
  const out: Fan[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < n) {
      const i = next++;
      const r = await t.call('POST', '/api/users/register', { name: `Live bench ${label} ${i}`, email: `live.bench.${label}.${i}@example.com`, password: 'fan password 1' });
      const f = { token: r.body.data.token as string, id: r.body.data.userId as string };
      const s = await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token: f.token });
      if (!s.body.data?.accepted) throw new Error(`subscription: ${JSON.stringify(s.body)}`);
      out[i] = f;
    }
  }));
  return out;
}

/** A werift viewer joined through the relay; counts the video frames it receives. */
interface Viewer {
  joinMs: number;
  firstPacketMs: number;
  frames(): number;
  close(): Promise<void>;
}

async function joinViewer(t: TestServer, fan: Fan, room: number, feed: number): Promise<Viewer> {
  const t0 = performance.now();
  const tok = await t.call('POST', '/api/stream/add_token', {}, { token: fan.token });
  if (tok.status !== 200) throw new Error(`add_token: ${JSON.stringify(tok.body)}`);
  const client = await JanusTestClient.connect(`${t.base.replace('http', 'ws')}/api/stream/janus?room=${room}`, { authorization: fan.token });
  const ids = await client.attach(); // the client keeps its Janus session alive (keepalive every 25 s) until closed
  const attached = await client.message(ids, { request: 'join', ptype: 'subscriber', room, token: tok.body.data.streamToken, streams: [{ feed }] });
  if (attached.data.videoroom !== 'attached' || !attached.jsep) throw new Error(`join: ${JSON.stringify(attached.data)}`);
  const pc = new RTCPeerConnection();
  let frames = 0;
  let firstPacket = 0;
  let keyStarted = false;
  let firstFrame!: () => void;
  const decodable = new Promise<void>((r) => (firstFrame = r));
  pc.onTrack.subscribe((track: MediaStreamTrack) => {
    if (track.kind !== 'video') return;
    track.onReceiveRtp.subscribe((rtp) => {
      if (!firstPacket) firstPacket = performance.now();
      if (!keyStarted && vp8KeyframeStart(rtp.payload)) keyStarted = true;
      if (rtp.header.marker) {
        frames++;
        if (keyStarted) firstFrame();
      }
    });
  });
  try {
    await pc.setRemoteDescription(attached.jsep as { type: 'offer'; sdp: string });
    await pc.setLocalDescription(await pc.createAnswer());
    if (pc.iceGatheringState !== 'complete') await new Promise<void>((r) => pc.iceGatheringStateChange.subscribe((s) => { if (s === 'complete') r(); }));
    const started = await client.message(ids, { request: 'start' }, { type: 'answer', sdp: pc.localDescription!.sdp });
    if (started.data.started !== 'ok') throw new Error(`start: ${JSON.stringify(started.data)}`);
    await Promise.race([decodable, sleep(20_000).then(() => { throw new Error('no decodable video frame within 20 s'); })]);
  } catch (e) {
    client.close();
    await pc.close();
    throw e;
  }
  const joinMs = performance.now() - t0;
  return {
    joinMs,
    firstPacketMs: firstPacket - t0,
    frames: () => frames,
    async close() {
      client.close();
      await pc.close();
    },
  };
}

/** A /ws socket after AUTH; `onFrame` sees the later frames. */
function openSocket(t: TestServer, token: string, onFrame: (f: Frame) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${t.base.replace('http', 'ws')}/ws`);
    let authed = false;
    ws.on('open', () => ws.send(JSON.stringify({ type: 'AUTH', data: { token } })));
    ws.on('message', (raw) => {
      const f = JSON.parse(raw.toString()) as Frame;
      if (!authed && f.type === 'AUTH_OK') {
        authed = true;
        return resolve(ws);
      }
      onFrame(f);
    });
    ws.on('error', reject);
  });
}

export interface LiveBenchOptions {
  /** viewer ramp steps (stops earlier when frames drop) */
  steps: number[];
  /** seconds counted per step (after 2 s to settle) */
  windowSeconds: number;
  /** sockets for the broadcast figures */
  sockets: number;
  /** comments and tips each, and chat baseline messages */
  messages: number;
}

export async function benchLive(opts: LiveBenchOptions) {
  const cores = os.cpus().length;
  console.log(`\n== live streaming (issue 15): one Janus, werift publisher (ffmpeg VP8 640x360 30 fps 600 kbit/s + Opus), ${cores} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} ==`);
  if (!requireJanus()) return console.log('(janus is not installed: not measured)');
  const cap = opts.steps[opts.steps.length - 1];
  const janus = await startTestJanus({ rtpPorts: Math.max(100, cap * 2 + 20) });
  const t = await startTestServer('pglite', {}, { deliverNotices: false, liveMedia: janus.liveMedia });
  const call = (method: string, url: string, body: unknown, token: string) => t.call(method, url, body, { token });
  const viewers: Viewer[] = [];
  let publishing: Awaited<ReturnType<typeof publishTestStream>> | null = null;
  let pub: JanusTestClient | null = null;
  const sockets: WebSocket[] = [];
  try {
    const admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token as string;
    const created = await call('POST', '/admin-api/users', { name: 'Bench Model', email: 'bench.model@example.com', role: 'model' }, admin);
    const model = (await t.call('POST', '/api/users/login', { email: 'bench.model@example.com', password: created.body.generated_password })).body.data.token as string;
    await call('POST', '/api/stream/save_settings', { enable_live_streaming: true }, admin);
    const tSeed = performance.now();
    const fans = await makeFans(t, Math.max(cap, opts.sockets), 'f');
    console.log(`(${fans.length} subscribed fans registered over HTTP in ${((performance.now() - tSeed) / 1000).toFixed(1)} s)`);

    const live = (await call('POST', '/api/stream/start_stream', { isGroupLiveStream: true }, model)).body.data;
    pub = await JanusTestClient.connect(`${t.base.replace('http', 'ws')}/api/stream/janus?room=${live.room}`, { authorization: model });
    const p = await pub.attach();
    const joined = await pub.message(p, { request: 'join', ptype: 'publisher', room: live.room, token: live.streamToken, display: 'Bench' });
    if (joined.data.videoroom !== 'joined') throw new Error(`publisher join: ${JSON.stringify(joined.data)}`);
    publishing = await publishTestStream(pub, p);
    await publishing.connected;
    const feed = joined.data.id as number;
    await call('POST', '/api/stream/set_stream_data', { room: live.room, pubId: String(feed), pubPvtId: String(joined.data.private_id ?? 0) }, model);
    await sleep(2000);

    // 1. viewers per Janus.
    const jPid = janusPid(janus.dir);
    console.log(`viewers through the relay (werift, SRTP in this process); join = add_token → first decodable (key)frame; frame rate = the slowest viewer's ÷ the publisher's`);
    console.log(`${'viewers'.padStart(7)} ${'new joins'.padStart(9)} ${'join p50'.padStart(8)} ${'join p99'.padStart(8)} ${'1st pkt p50'.padStart(11)} ${'pub fps'.padStart(7)} ${'min fps'.padStart(7)} ${'median'.padStart(7)} ${'min/pub'.padStart(7)} ${'janus CPU'.padStart(9)} ${'bench CPU'.padStart(9)} ${'janus RSS'.padStart(9)}`);
    const allJoins: number[] = [];
    let maxGood = 0;
    /** Janus CPU (cores) at each measured step, for its marginal cost per viewer. */
    const janusAt: { viewers: number; cores: number }[] = [];
    let failedAt: number | null = null;
    for (const step of opts.steps) {
      const joins: number[] = [];
      const firsts: number[] = [];
      let error: string | null = null;
      // Joins a few at a time (people arriving), each measured on its own.
      const have = viewers.length;
      const wanted = step - have;
      let next = 0;
      await Promise.all(Array.from({ length: Math.min(4, wanted) }, async () => {
        while (next < wanted && !error) {
          const i = have + next++;
          try {
            const v = await joinViewer(t, fans[i], live.room, feed);
            viewers.push(v);
            joins.push(v.joinMs);
            firsts.push(v.firstPacketMs);
          } catch (e) {
            error = (e as Error).message;
          }
        }
      }));
      allJoins.push(...joins);
      if (error) {
        console.log(`${String(step).padStart(7)} a join failed: ${error}`);
        failedAt = step;
        break;
      }
      await sleep(2000);
      const f0 = viewers.map((v) => v.frames());
      const p0 = publishing.sentVideoFrames();
      const c0 = { janus: jPid ? cpuSeconds(jPid) : NaN, self: process.cpuUsage() };
      const w0 = performance.now();
      await sleep(opts.windowSeconds * 1000);
      const secs = (performance.now() - w0) / 1000;
      const pubFps = (publishing.sentVideoFrames() - p0) / secs;
      const fps = viewers.map((v, i) => (v.frames() - f0[i]) / secs).sort((a, b) => a - b);
      const janusCpu = jPid ? (cpuSeconds(jPid) - c0.janus) / secs : NaN;
      const self = process.cpuUsage(c0.self);
      const selfCpu = (self.user + self.system) / 1e6 / secs;
      const ratio = fps[0] / pubFps;
      janusAt.push({ viewers: step, cores: janusCpu });
      console.log(`${String(step).padStart(7)} ${String(joins.length).padStart(9)} ${ms(pct(joins, 50)).padStart(8)} ${ms(pct(joins, 99)).padStart(8)} ${ms(pct(firsts, 50)).padStart(11)} ${pubFps.toFixed(1).padStart(7)} ${fps[0].toFixed(1).padStart(7)} ${pct(fps, 50).toFixed(1).padStart(7)} ${(ratio * 100).toFixed(0).padStart(6)}% ${`${(janusCpu * 100).toFixed(0)}%`.padStart(9)} ${`${(selfCpu * 100).toFixed(0)}%`.padStart(9)} ${(jPid ? `${rssMb(jPid).toFixed(0)} MB` : '–').padStart(9)}`);
      if (ratio < 0.8) {
        failedAt = step;
        break;
      }
      maxGood = step;
    }
    console.log(`all joins: p50 ${ms(pct(allJoins, 50)).trim()}  p99 ${ms(pct(allJoins, 99)).trim()} (${allJoins.length} joins)`);
    console.log(failedAt === null
      ? `viewers per Janus: ${maxGood} kept ≥ 80 % of the publisher's frame rate (the cap of this run; not the limit) — ${cores} cores, Janus and the viewers on the same machine`
      : `viewers per Janus: ${maxGood} kept ≥ 80 % of the publisher's frame rate; at ${failedAt} frames dropped (or a join failed) — ${cores} cores, Janus, the API and the werift viewers sharing them (CPU columns: 100 % = one core)`);
    const lo = janusAt[0];
    const hi = [...janusAt].reverse().find((x) => x.viewers <= Math.max(maxGood, 1) && x.viewers > lo.viewers);
    if (lo && hi && Number.isFinite(hi.cores)) {
      const perViewer = (hi.cores - lo.cores) / (hi.viewers - lo.viewers);
      console.log(`Janus alone: ${(perViewer * 100).toFixed(2)} % of a core per added viewer (${lo.viewers} → ${hi.viewers} viewers)${perViewer > 0 ? ` ≈ ${Math.floor(1 / perViewer)} viewers per core by Janus' own CPU at this bitrate (an extrapolation, not measured)` : ''}`);
    }
    for (const v of viewers.splice(0)) await v.close();

    // 2. the gateway: comment / tip broadcast to N viewer sockets, next to a plain chat message to one socket.
    const crowd = fans.slice(0, opts.sockets);
    for (const f of crowd) {
      const r = await call('POST', '/api/stream/add_token', {}, f.token);
      if (r.status !== 200) throw new Error(`add_token: ${JSON.stringify(r.body)}`);
    }
    const seen = new Map<string, { n: number; want: number; done: () => void }>();
    const onFrame = (f: Frame) => {
      const key = f.type === 'GROUP_MESSAGE' ? f.data._id : f.type === 'MESSAGE_RECEIVE' ? f.data?._id ?? f.data?.message?._id : null;
      const w = key ? seen.get(key) : undefined;
      if (w && ++w.n >= w.want) w.done();
    };
    // GROUP_MESSAGE's _id is the message id for comments and the tip id for tips: send first, then wait on it;
    // frames that arrive before the answer are kept.
    const early = new Map<string, number>();
    const onFrameEarly = (f: Frame) => {
      const key = f.type === 'GROUP_MESSAGE' ? f.data._id : f.type === 'MESSAGE_RECEIVE' ? (f.data?._id ?? f.data?.message?._id) : null;
      if (!key) return;
      if (seen.has(key)) onFrame(f);
      else early.set(key, (early.get(key) ?? 0) + 1);
    };
    const timedBroadcast = async (send: () => Promise<string>, want: number): Promise<number> => {
      const t0 = performance.now();
      const id = await send();
      await new Promise<void>((resolve) => {
        const w = { n: early.get(id) ?? 0, want, done: resolve };
        early.delete(id);
        seen.set(id, w);
        if (w.n >= want) resolve();
      });
      seen.delete(id);
      return performance.now() - t0;
    };
    const modelSocket = await openSocket(t, model, onFrameEarly);
    sockets.push(modelSocket);
    // The chat baseline: a fan's plain message to the creator, the frame on the model's socket.
    const chatter = crowd[0];
    const chat: number[] = [];
    for (let i = 0; i < opts.messages; i++) {
      chat.push(await timedBroadcast(async () => {
        const r = await call('POST', '/api/chat/send_message', { message: `bench chat ${i}`, uniqueId: `bench-chat-${i}` }, chatter.token);
        const id = r.body.data?._id ?? r.body.data?.id ?? r.body.data?.message?._id;
        if (!id) throw new Error(`chat send: ${JSON.stringify(r.body)}`);
        return id as string;
      }, 1));
    }
    const comment = async (want: number, tag: string) => {
      const out: number[] = [];
      for (let i = 0; i < opts.messages; i++) {
        out.push(await timedBroadcast(async () => {
          const r = await call('POST', '/api/stream/send_message', { message: `bench ${tag} ${i}` }, crowd[1 % crowd.length].token);
          if (r.status !== 200) throw new Error(`send_message: ${JSON.stringify(r.body)}`);
          return r.body.data._id as string;
        }, want));
      }
      return out;
    };
    // 1 viewer socket (+ the model's), then N.
    const first = await openSocket(t, crowd[1 % crowd.length].token, onFrameEarly);
    sockets.push(first);
    const one = await comment(2, 'one');
    for (let i = 0; i < crowd.length; i++) if (i !== 1 % crowd.length) sockets.push(await openSocket(t, crowd[i].token, onFrameEarly));
    await sleep(1000);
    const many = await comment(sockets.length, 'many');
    const tipper = crowd[2 % crowd.length];
    await topUpWallet(t, tipper.token, Math.max(50, opts.messages * 5 + 10));
    const tips: number[] = [];
    for (let i = 0; i < opts.messages; i++) {
      tips.push(await timedBroadcast(async () => {
        const r = await call('POST', '/api/stream/send_tips', { amount: 5, payment_method: 'wallet', tipMessage: `bench tip ${i}` }, tipper.token);
        if (!r.body.data?.tip_id) throw new Error(`send_tips: ${JSON.stringify(r.body)}`);
        return r.body.data.tip_id as string;
      }, sockets.length));
    }
    const line = (label: string, xs: number[]) => console.log(`${label.padEnd(58)} p50 ${ms(pct(xs, 50))}  p99 ${ms(pct(xs, 99))}  (${xs.length})`);
    console.log(`broadcast: POST → the frame on the LAST socket (in-process API, PGlite; ${cores} cores)`);
    line('baseline: chat message → 1 socket (MESSAGE_RECEIVE)', chat);
    line('live comment → 2 sockets (1 viewer + the model)', one);
    line(`live comment → ${sockets.length} sockets (${sockets.length - 1} viewers + the model)`, many);
    line(`live tip by wallet → ${sockets.length} sockets`, tips);
    await call('POST', '/api/stream/stop_stream', {}, model);
  } finally {
    for (const s of sockets) s.terminate();
    for (const v of viewers) await v.close().catch(() => {});
    await publishing?.stop().catch(() => {});
    pub?.close();
    await t.close();
    await janus.stop();
  }
}
