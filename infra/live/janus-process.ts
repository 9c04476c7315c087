// Janus as a child process of the API: a config folder the app writes (VideoRoom plugin only; the WebSocket
// API, and optionally the HTTP API, on 127.0.0.1; an api_secret on every request; the VideoRoom admin_key so
// only the server creates rooms; a small RTP port range; mDNS candidates ignored), started with
// `janus -F <folder> -C <folder>/janus.jcfg`, ready once it answers `info` on its WebSocket. It is stopped when
// the server stops, killed when the Node process exits, and a watchdog kills it if Node dies without exiting
// (SIGKILL, OOM): no orphan Janus keeps the ports.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { openJanusSocket, requestOnce } from './janus-client';

export interface JanusProcessOptions {
  /** The `janus` binary (default: `janus` on PATH). */
  binary?: string;
  /** Folder for the generated config (written fresh on every start). */
  configDir: string;
  recordingsDir: string;
  wsPort: number;
  /** 0: no HTTP API. */
  httpPort: number;
  rtpPortRange: string;
  adminKey: string;
  apiSecret: string;
  /** Janus' log level (0-7); default 3 (warnings and errors). */
  debugLevel?: number;
  /** Seconds without a request (or keepalive) after which Janus drops a session; default 60 (tests use a short one). */
  sessionTimeoutSeconds?: number;
  readyTimeoutMs?: number;
  log?: (m: string) => void;
}

export interface JanusProcess {
  /** ws://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** Resolves when Janus has exited (after stop(), or on its own). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** A TCP port nobody listens on at 127.0.0.1 right now (the system picks it). */
export function freeLocalPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The janus binary on PATH (or the given path), or null. */
export function findJanusBinary(binary = 'janus'): string | null {
  if (binary.includes('/')) return fs.existsSync(binary) ? binary : null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const p = path.join(dir, binary);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {
      /* not here */
    }
  }
  return null;
}

/** Janus' own folders (plugins, transports): from `janus` built for Debian, or the common /opt/janus layout. */
function janusLibDir(binary: string): string {
  const candidates = [
    process.env.JANUS_LIB_DIR,
    '/usr/lib/x86_64-linux-gnu/janus',
    '/usr/lib/aarch64-linux-gnu/janus',
    '/usr/lib/janus',
    path.resolve(path.dirname(fs.realpathSync(binary)), '../lib/janus'),
    '/opt/janus/lib/janus',
  ].filter((d): d is string => !!d);
  return candidates.find((d) => fs.existsSync(path.join(d, 'plugins', 'libjanus_videoroom.so'))) ?? candidates[1];
}

const q = (s: string) => JSON.stringify(s);

/** The config files, by name. Every plugin but the VideoRoom and every transport but WebSockets/HTTP is disabled. */
export function janusConfigFiles(o: JanusProcessOptions & { libDir: string }): Record<string, string> {
  const listSo = (dir: string) => {
    try {
      return fs.readdirSync(path.join(o.libDir, dir)).filter((f) => f.endsWith('.so'));
    } catch {
      return [];
    }
  };
  const otherPlugins = listSo('plugins').filter((f) => f !== 'libjanus_videoroom.so');
  const otherTransports = listSo('transports').filter((f) => f !== 'libjanus_websockets.so' && !(o.httpPort > 0 && f === 'libjanus_http.so'));
  return {
    'janus.jcfg': `# Written by Fanclub on every start; edits are lost.
general: {
  configs_folder = ${q(o.configDir)}
  plugins_folder = ${q(path.join(o.libDir, 'plugins'))}
  transports_folder = ${q(path.join(o.libDir, 'transports'))}
  events_folder = ${q(path.join(o.libDir, 'events'))}
  loggers_folder = ${q(path.join(o.libDir, 'loggers'))}
  debug_level = ${o.debugLevel ?? 3}
  server_name = "Fanclub"
  api_secret = ${q(o.apiSecret)}
  admin_secret = ${q(o.apiSecret)}
  session_timeout = ${o.sessionTimeoutSeconds ?? 60}
  protected_folders = ["/bin", "/boot", "/dev", "/etc", "/initrd", "/lib", "/lib32", "/lib64", "/proc", "/sbin", "/sys", "/usr", "/var"]
}
certificates: {
}
media: {
  rtp_port_range = ${q(o.rtpPortRange)}
}
nat: {
  nice_debug = false
  ignore_mdns = true
  ice_ignore_list = "vmnet"
}
plugins: {
  disable = ${q(otherPlugins.join(','))}
}
transports: {
  disable = ${q(otherTransports.join(','))}
}
loggers: {
  disable = ${q(listSo('loggers').join(','))}
}
events: {
  broadcast = false
  disable = ${q(listSo('events').join(','))}
}
`,
    'janus.plugin.videoroom.jcfg': `general: {
  admin_key = ${q(o.adminKey)}
  lock_rtp_forward = true
  events = false
}
`,
    'janus.transport.websockets.jcfg': `general: {
  json = "compact"
  ws = true
  ws_port = ${o.wsPort}
  ws_ip = "127.0.0.1"
  wss = false
}
admin: {
  admin_ws = false
  admin_wss = false
}
`,
    'janus.transport.http.jcfg': `general: {
  json = "compact"
  base_path = "/janus"
  http = ${o.httpPort > 0}
  port = ${o.httpPort > 0 ? o.httpPort : 8088}
  ip = "127.0.0.1"
  https = false
}
admin: {
  admin_http = false
  admin_https = false
}
`,
  };
}

/** Writes the config folder and starts Janus; resolves once it answers on its WebSocket. */
export async function startJanusProcess(o: JanusProcessOptions): Promise<JanusProcess> {
  const log = o.log ?? (() => {});
  const binary = findJanusBinary(o.binary);
  if (!binary) throw new Error('The janus binary was not found on PATH.');
  const libDir = janusLibDir(binary);
  fs.rmSync(o.configDir, { recursive: true, force: true });
  fs.mkdirSync(o.configDir, { recursive: true, mode: 0o700 });
  fs.mkdirSync(o.recordingsDir, { recursive: true });
  for (const [name, text] of Object.entries(janusConfigFiles({ ...o, libDir }))) fs.writeFileSync(path.join(o.configDir, name), text, { mode: 0o600 });

  const child: ChildProcess = spawn(binary, ['-F', o.configDir, '-C', path.join(o.configDir, 'janus.jcfg'), '-o'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: o.configDir,
  });
  // The last lines Janus printed: the reason when it fails to start.
  let tail: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (/\[ERR\]|\[FATAL\]/.test(line) && !/No such room|Unauthorized/.test(line)) log(`[janus] ${line.trim()}`);
    }
    if (tail.length > 40) tail = tail.slice(-40);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code, signal) => {
      exitCode = code ?? (signal ? -1 : null);
      resolve(exitCode);
    });
    child.once('error', (e) => {
      tail.push(String(e.message));
      exitCode = -1;
      resolve(-1);
    });
  });

  // Node exiting (normally, on an uncaught error, process.exit) kills Janus; a watchdog that waits on a pipe
  // from this process kills it if Node dies without running exit handlers.
  const killNow = () => {
    try {
      child.kill('SIGKILL');
    } catch {
      /* gone */
    }
  };
  process.once('exit', killNow);
  const watchdog = child.pid
    ? spawn('sh', ['-c', `cat >/dev/null; kill -KILL ${child.pid} 2>/dev/null`], { stdio: ['pipe', 'ignore', 'ignore'], detached: true })
    : null;
  watchdog?.on('error', () => {});
  watchdog?.unref();
  (watchdog?.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  void exited.then(() => {
    process.removeListener('exit', killNow);
    watchdog?.kill('SIGKILL');
  });

  const url = `ws://127.0.0.1:${o.wsPort}`;
  const deadline = Date.now() + (o.readyTimeoutMs ?? 10_000);
  for (;;) {
    if (exitCode !== undefined) throw new Error(`Janus stopped while starting (exit ${exitCode}): ${lastError(tail)}`);
    const ws = await openJanusSocket(url, 1_000).catch(() => null);
    if (ws) {
      const info = await requestOnce(ws, { janus: 'info', apisecret: o.apiSecret }, 2_000).catch(() => null);
      // `info` needs no api secret: a session does, so this proves the Janus on the port is this one.
      const session = info?.janus === 'server_info' ? await requestOnce(ws, { janus: 'create', apisecret: o.apiSecret }, 2_000).catch(() => null) : null;
      if (session?.janus === 'success') await requestOnce(ws, { janus: 'destroy', session_id: (session.data as { id: number }).id, apisecret: o.apiSecret }, 2_000).catch(() => null);
      ws.close();
      if (info?.janus === 'server_info' && session?.janus !== 'success') {
        killNow();
        throw new Error(`another program answers on 127.0.0.1:${o.wsPort} (is another Janus or Fanclub running? set FANCLUB_JANUS_WS_PORT to another port, or leave it unset for a free one)`);
      }
      if (info?.janus === 'server_info') {
        const plugins = Object.keys((info.plugins ?? {}) as object);
        if (!plugins.includes('janus.plugin.videoroom')) {
          killNow();
          throw new Error('Janus started without its VideoRoom plugin (janus.plugin.videoroom).');
        }
        break;
      }
    }
    if (Date.now() > deadline) {
      killNow();
      throw new Error(`Janus did not answer on ${url} within ${Math.round((o.readyTimeoutMs ?? 10_000) / 1000)} s: ${lastError(tail)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  log(`[janus] ready on ${url} (pid ${child.pid})`);

  return {
    url,
    pid: child.pid!,
    exited,
    async stop() {
      if (exitCode !== undefined) return;
      child.kill('SIGTERM');
      const timer = setTimeout(killNow, 3_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function lastError(tail: string[]): string {
  const errors = tail.filter((l) => /\[ERR\]|\[FATAL\]|error|fail/i.test(l));
  return (errors.length ? errors.slice(-3) : tail.slice(-3)).map((l) => l.trim()).join(' | ') || 'no output';
}

/** True when `janus --version` runs (the package is installed and its libraries load). */
export function janusRuns(binary: string): boolean {
  const r = spawnSync(binary, ['--version'], { timeout: 5_000, stdio: 'ignore' });
  return r.status === 0;
}
