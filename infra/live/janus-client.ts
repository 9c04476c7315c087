// A small client for the Janus API over its WebSocket transport (subprotocol janus-protocol): requests are
// matched to answers by transaction; one session with one VideoRoom handle serves the server's room admin
// requests (create, allowed, kick, listparticipants, destroy), which the plugin answers synchronously.
// Keepalives hold the session; a lost connection is opened again on the next request.
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';

export class JanusError extends Error {
  override readonly name = 'JanusError';
  constructor(
    message: string,
    /** Janus' own error code (core 4xx, or the VideoRoom plugin's 42x/43x), when it sent one. */
    readonly code: number | null = null,
  ) {
    super(message);
  }
}

/** VideoRoom error codes the server relies on. */
export const VIDEOROOM_ERRORS = { noSuchRoom: 426, unauthorized: 433, noSuchFeed: 428 } as const;

type Json = Record<string, unknown>;

const tx = () => randomBytes(9).toString('base64url');

/** Opens a Janus WebSocket, resolving once it is open; rejects after timeoutMs. */
export function openJanusSocket(url: string, timeoutMs = 5_000): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, 'janus-protocol', { handshakeTimeout: timeoutMs, maxPayload: 8 * 1024 * 1024 });
    const fail = (e: Error) => {
      ws.removeAllListeners();
      ws.on('error', () => {});
      ws.terminate();
      reject(e);
    };
    ws.once('open', () => {
      ws.removeListener('error', fail);
      resolve(ws);
    });
    ws.once('error', fail);
  });
}

/** One request and its answer over an open socket (for readiness checks: `info`). */
export function requestOnce(ws: WebSocket, body: Json, timeoutMs = 5_000): Promise<Json> {
  return new Promise((resolve, reject) => {
    const transaction = tx();
    const timer = setTimeout(() => {
      ws.off('message', onMessage);
      reject(new JanusError(`Janus did not answer "${String(body.janus)}" within ${timeoutMs} ms.`));
    }, timeoutMs);
    const onMessage = (raw: WebSocket.RawData) => {
      let m: Json;
      try {
        m = JSON.parse(raw.toString());
      } catch {
        return;
      }
      if (m.transaction !== transaction || m.janus === 'ack') return;
      clearTimeout(timer);
      ws.off('message', onMessage);
      resolve(m);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ ...body, transaction }));
  });
}

export interface JanusAdminClient {
  /** A VideoRoom request answered synchronously by the plugin; resolves with its `plugindata.data`, rejects
   *  with JanusError (code = the plugin's error_code) when the plugin answers with an error. */
  videoroom(body: Json): Promise<Json>;
  close(): Promise<void>;
}

export function createJanusAdminClient(opts: { url: string; apiSecret?: string; requestTimeoutMs?: number; keepaliveMs?: number }): JanusAdminClient {
  const timeoutMs = opts.requestTimeoutMs ?? 10_000;
  let conn: Promise<{ ws: WebSocket; session: number; handle: number }> | null = null;
  let closed = false;
  const pending = new Map<string, { resolve: (m: Json) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();

  const send = (ws: WebSocket, body: Json): Promise<Json> =>
    new Promise((resolve, reject) => {
      const transaction = tx();
      const timer = setTimeout(() => {
        pending.delete(transaction);
        reject(new JanusError(`Janus did not answer "${String(body.janus)}" within ${timeoutMs} ms.`));
      }, timeoutMs);
      pending.set(transaction, { resolve, reject, timer });
      ws.send(JSON.stringify({ ...body, transaction, ...(opts.apiSecret ? { apisecret: opts.apiSecret } : {}) }), (e) => {
        if (!e) return;
        clearTimeout(timer);
        pending.delete(transaction);
        reject(new JanusError(`Janus could not be reached: ${e.message}`));
      });
    });

  const failAll = (reason: string) => {
    for (const [t, p] of pending) {
      clearTimeout(p.timer);
      p.reject(new JanusError(reason));
      pending.delete(t);
    }
  };

  const connect = async () => {
    const ws = await openJanusSocket(opts.url).catch((e: Error) => {
      throw new JanusError(`Janus at ${opts.url} could not be reached: ${e.message}`);
    });
    let keepalive: NodeJS.Timeout | null = null;
    ws.on('message', (raw) => {
      let m: Json;
      try {
        m = JSON.parse(raw.toString());
      } catch {
        return;
      }
      if (m.janus === 'ack' || typeof m.transaction !== 'string') return;
      const p = pending.get(m.transaction);
      if (!p) return;
      clearTimeout(p.timer);
      pending.delete(m.transaction);
      p.resolve(m);
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      if (keepalive) clearInterval(keepalive);
      conn = null;
      failAll('The connection to Janus closed.');
    });
    const expect = (m: Json, what: string) => {
      if (m.janus !== 'success') {
        const err = (m.error ?? {}) as { code?: number; reason?: string };
        throw new JanusError(`Janus refused ${what}: ${err.reason ?? String(m.janus)}`, err.code ?? null);
      }
      return (m.data ?? {}) as Json;
    };
    try {
      const session = Number(expect(await send(ws, { janus: 'create' }), 'to create a session').id);
      const handle = Number(expect(await send(ws, { janus: 'attach', session_id: session, plugin: 'janus.plugin.videoroom' }), 'to attach the VideoRoom plugin').id);
      keepalive = setInterval(() => void send(ws, { janus: 'keepalive', session_id: session }).catch(() => {}), opts.keepaliveMs ?? 25_000);
      keepalive.unref();
      return { ws, session, handle };
    } catch (e) {
      ws.terminate();
      throw e;
    }
  };

  const connection = () => {
    if (closed) return Promise.reject(new JanusError('The Janus client is closed.'));
    if (!conn) {
      conn = connect();
      conn.catch(() => {
        conn = null;
      });
    }
    return conn;
  };

  return {
    async videoroom(body) {
      let c = await connection();
      let m = await send(c.ws, { janus: 'message', session_id: c.session, handle_id: c.handle, body });
      // Janus dropped the session (it restarted, or missed keepalives): open a new one once.
      if (m.janus === 'error' && ((m.error as { code?: number })?.code === 458 || (m.error as { code?: number })?.code === 459)) {
        c.ws.terminate();
        conn = null;
        c = await connection();
        m = await send(c.ws, { janus: 'message', session_id: c.session, handle_id: c.handle, body });
      }
      if (m.janus === 'error') {
        const err = (m.error ?? {}) as { code?: number; reason?: string };
        throw new JanusError(`Janus refused "${String(body.request)}": ${err.reason ?? 'unknown error'}`, err.code ?? null);
      }
      const data = ((m.plugindata as { data?: Json } | undefined)?.data ?? {}) as Json;
      if (data.videoroom === 'event' && data.error_code) throw new JanusError(String(data.error ?? 'VideoRoom error'), Number(data.error_code));
      return data;
    },
    async close() {
      closed = true;
      const c = await conn?.catch(() => null);
      if (!c) return;
      await send(c.ws, { janus: 'destroy', session_id: c.session }).catch(() => {});
      c.ws.close();
    },
  };
}
