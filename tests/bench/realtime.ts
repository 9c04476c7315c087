// `npm run bench -- realtime`: the socket gateway under many sockets. Fanclub runs as its own process
// (so its memory per socket can be read from /proc); the clients run here.
//   - one-to-one: a staff chat message to one fan among N open sockets, with the console open: POST → frame.
//   - broadcast: ONLINE_MODEL to every fan socket when the creator comes online or goes offline: time until the
//     last socket has it, and deliveries/s.
//   - memory per idle authenticated socket (the server's RSS before and after).
//   - baseline, same run: a bare `ws` server (no auth, no audience rule) sending the same frames to the same
//     number of sockets.
//   - two nodes through Kafka on the Postgres server: the message sent through node A, the fan's socket on node B.
// Prints figures; asserts nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { TEST_CARD_FORM } from '../support/server';
import { createTestDatabase, isPostgresServerAvailable } from '../support/postgres';
import { requireKafka } from '../support/kafka';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (n: number) => `${n.toFixed(1)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** Starts a process and resolves once it prints `ready`. */
async function startProcess(args: string[], env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start: ${output}`)), 120_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited (${code}): ${output}`)));
  });
  return child;
}

async function startFanclub(env: Record<string, string>) {
  const port = await freePort();
  const child = await startProcess(['--import', 'tsx', 'api/main.ts'], {
    PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', FANCLUB_DEMO: 'false', FANCLUB_ADMIN_PASSWORD: 'admin-password-123',
    FANCLUB_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-bench-rt-')), ...env,
  }, 'Fanclub is running');
  return { child, base: `http://127.0.0.1:${port}` };
}

const json = async (base: string, method: string, url: string, body?: unknown, token?: string) => {
  const res = await fetch(base + url, { method, headers: { ...(token ? { authorization: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return (await res.json()) as any;
};

/** An open socket that has finished AUTH; `onFrame` sees every later frame. */
function openSocket(base: string, token: string | null, onFrame: (f: { type: string; data: any }) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`);
    let authed = false;
    ws.on('open', () => ws.send(JSON.stringify({ type: 'AUTH', data: token ? { token } : {} })));
    ws.on('message', (raw) => {
      const f = JSON.parse(raw.toString());
      if (!authed && f.type === 'AUTH_OK') {
        authed = true;
        resolve(ws);
      }
      onFrame(f);
    });
    ws.on('error', reject);
    ws.on('close', (code) => { if (!authed) reject(new Error(`closed ${code}`)); });
  });
}

async function inBatches<T>(n: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size) out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, j) => make(i + j)))));
  return out;
}

interface Figures {
  sockets: number;
  oneToOne: { p50: number; p99: number };
  broadcast: { lastMs: number; perSecond: number };
  bytesPerSocket: number | null;
}

/** One or two Fanclub nodes (`bNode` gets the fan sockets; messages go through `aNode`). */
async function measureFanclub(aBase: string, bBase: string, bPid: number | null, opts: { sockets: number; fans: number; messages: number }): Promise<Figures> {
  const admin = (await json(aBase, 'POST', '/api/users/login', { email: 'admin@fanclub.local', password: 'admin-password-123' })).data.token as string;
  const fans = await inBatches(opts.fans, 8, async (i) => {
    const r = await json(aBase, 'POST', '/api/users/register', { name: `Bench fan ${i}`, email: `rt.${i}.${randomBytes(3).toString('hex')}@example.com`, password: 'fan password 1' });
    return { token: r.data.token as string, id: r.data.userId as string };
  });
  const target = fans[0];
  const sub = await json(aBase, 'POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, target.token);
  if (!sub.data?.accepted) throw new Error(`subscription failed: ${JSON.stringify(sub)}`);

  // One socket first (modules loaded, pools warm), then the memory reading before the crowd.
  const warm = await openSocket(bBase, fans[1].token, () => {});
  await new Promise((r) => setTimeout(r, 1000));
  const before = bPid ? rssKb(bPid) : 0;
  let onlineModelSeen = 0;
  let broadcastWaiter: (() => void) | null = null;
  const onFanFrame = (f: { type: string }) => {
    if (f.type === 'ONLINE_MODEL') {
      onlineModelSeen++;
      if (onlineModelSeen >= opts.sockets && broadcastWaiter) broadcastWaiter();
    }
  };
  // The frame may arrive before the POST's answer does: arrival times are kept by message id.
  const arrivedAt = new Map<string, number>();
  const waiters = new Map<string, () => void>();
  const targetSocket = await openSocket(bBase, target.token, (f) => {
    if (f.type === 'MESSAGE_RECEIVE') {
      arrivedAt.set(f.data._id, performance.now());
      waiters.get(f.data._id)?.();
    }
    onFanFrame(f);
  });
  const crowd = await inBatches(opts.sockets - 1, 200, (i) => openSocket(bBase, fans[1 + (i % (fans.length - 1))].token, onFanFrame));
  await new Promise((r) => setTimeout(r, 2000));
  const after = bPid ? rssKb(bPid) : 0;
  onlineModelSeen = 0;

  // The console is open (a staff socket on node A): that is also the creator coming online — a broadcast.
  const broadcasts: number[] = [];
  let staff: WebSocket | null = null;
  for (let round = 0; round < 3; round++) {
    onlineModelSeen = 0;
    const done = new Promise<void>((r) => (broadcastWaiter = r));
    const t0 = performance.now();
    if (staff) staff.close();
    else staff = await openSocket(aBase, admin, () => {});
    await done;
    broadcasts.push(performance.now() - t0);
    if (round < 2 && staff.readyState !== WebSocket.OPEN) staff = null;
    await new Promise((r) => setTimeout(r, 500));
  }
  if (!staff || staff.readyState !== WebSocket.OPEN) staff = await openSocket(aBase, admin, () => {});

  const latencies: number[] = [];
  for (let i = 0; i < opts.messages; i++) {
    const t0 = performance.now();
    const r = await json(aBase, 'POST', '/api/chat/send_message', { receiver: target.id, message: `bench ${i}` }, admin);
    const id = r.data.message._id as string;
    if (!arrivedAt.has(id)) await new Promise<void>((resolve) => waiters.set(id, resolve));
    latencies.push(arrivedAt.get(id)! - t0);
    waiters.delete(id);
  }
  latencies.sort((a, b) => a - b);
  for (const s of [warm, targetSocket, staff, ...crowd]) s?.terminate();
  const last = median(broadcasts);
  return {
    sockets: opts.sockets,
    oneToOne: { p50: pct(latencies, 50), p99: pct(latencies, 99) },
    broadcast: { lastMs: last, perSecond: Math.round(opts.sockets / (last / 1000)) },
    bytesPerSocket: bPid ? Math.round(((after - before) * 1024) / opts.sockets) : null,
  };
}

/** The baseline: a bare ws server, no auth or rules, sending the same frames. */
async function measureBareWs(opts: { sockets: number; messages: number }): Promise<Figures> {
  const port = await freePort();
  const script = `
    const { WebSocketServer } = require('ws');
    const wss = new WebSocketServer({ port: ${port}, host: '127.0.0.1' });
    const frame = JSON.stringify({ type: 'ONLINE_MODEL', data: { isOnline: true, count: ${opts.sockets} } });
    wss.on('connection', (ws) => {
      ws.on('message', (raw) => {
        const m = JSON.parse(raw.toString());
        if (m.type === 'AUTH') return ws.send(JSON.stringify({ type: 'AUTH_OK', data: {} }));
        if (m.type === 'BROADCAST') for (const c of wss.clients) c.send(frame);
        if (m.type === 'ONE') for (const c of wss.clients) if (c.target) c.send(JSON.stringify({ type: 'MESSAGE_RECEIVE', data: { _id: m.id } }));
        if (m.type === 'TARGET') ws.target = true;
      });
    });
    console.log('bare ws ready');`;
  const child = await startProcess(['-e', script], {}, 'bare ws ready');
  const base = `http://127.0.0.1:${port}`;
  let seen = 0;
  let waiter: (() => void) | null = null;
  const onFrame = (f: { type: string }) => {
    if (f.type === 'ONLINE_MODEL' && ++seen >= opts.sockets) waiter?.();
  };
  const received = new Map<string, () => void>();
  const target = await openSocket(base, null, (f) => {
    if (f.type === 'MESSAGE_RECEIVE') received.get(f.data._id)?.();
    onFrame(f);
  });
  target.send(JSON.stringify({ type: 'TARGET' }));
  const before = rssKb(child.pid!);
  const crowd = await inBatches(opts.sockets - 1, 200, () => openSocket(base, null, onFrame));
  await new Promise((r) => setTimeout(r, 2000));
  const after = rssKb(child.pid!);
  const control = await openSocket(base, null, () => {});
  const broadcasts: number[] = [];
  for (let round = 0; round < 3; round++) {
    seen = 0;
    const done = new Promise<void>((r) => (waiter = r));
    const t0 = performance.now();
    control.send(JSON.stringify({ type: 'BROADCAST' }));
    await done;
    broadcasts.push(performance.now() - t0);
  }
  const latencies: number[] = [];
  for (let i = 0; i < opts.messages; i++) {
    const id = `m${i}`;
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      received.set(id, resolve);
      control.send(JSON.stringify({ type: 'ONE', id }));
    });
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  for (const s of [target, control, ...crowd]) s.terminate();
  child.kill('SIGKILL');
  const last = median(broadcasts);
  return {
    sockets: opts.sockets,
    oneToOne: { p50: pct(latencies, 50), p99: pct(latencies, 99) },
    broadcast: { lastMs: last, perSecond: Math.round(opts.sockets / (last / 1000)) },
    bytesPerSocket: Math.round(((after - before) * 1024) / opts.sockets),
  };
}

function print(label: string, f: Figures) {
  const mem = f.bytesPerSocket === null ? '' : `   memory ${(f.bytesPerSocket / 1024).toFixed(1)} kB/socket`;
  console.log(`${label.padEnd(34)} one-to-one p50 ${ms(f.oneToOne.p50)}  p99 ${ms(f.oneToOne.p99)}   broadcast to ${f.sockets.toLocaleString()}: last after ${ms(f.broadcast.lastMs)} (${f.broadcast.perSecond.toLocaleString()} deliveries/s)${mem}`);
}

export async function benchRealtime(opts: { sockets: number; fans: number; messages: number }) {
  console.log(`\n== real time (${opts.sockets.toLocaleString()} sockets, ${opts.messages} one-to-one messages; goals: p99 < 100 ms one node, < 300 ms two nodes; broadcast < 1 s; < 20 kB/socket) ==`);
  print('bare ws server (baseline)', await measureBareWs(opts));
  const one = await startFanclub({});
  try {
    print('Fanclub, one node (PGlite)', await measureFanclub(one.base, one.base, one.child.pid!, opts));
  } finally {
    one.child.kill('SIGTERM');
  }
  const brokers = (await isPostgresServerAvailable()) ? await requireKafka() : null;
  if (!brokers) return console.log('(two nodes: the Postgres server or Kafka is not available: not measured)');
  const db = await createTestDatabase();
  const shared = { DATABASE_URL: db.url, KAFKA_BROKERS: brokers, KAFKA_TOPIC_PREFIX: `bench${randomBytes(3).toString('hex')}`, FANCLUB_SECRET: randomBytes(24).toString('hex') };
  const a = await startFanclub({ ...shared, FANCLUB_INSTANCE_ID: 'bench-a' });
  const b = await startFanclub({ ...shared, FANCLUB_INSTANCE_ID: 'bench-b' });
  try {
    print('Fanclub, two nodes via Kafka (pg)', await measureFanclub(a.base, b.base, b.child.pid!, opts));
  } finally {
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 2000));
    await db.drop().catch(() => {});
  }
}
