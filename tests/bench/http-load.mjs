// HTTP load generator for the benchmarks, run in a worker thread so that making requests and reading the
// answers does not share the server's event loop (a real client is another machine). A minimal HTTP/1.1
// keep-alive client on raw sockets: fetch() costs more CPU per request than a small JSON endpoint does, and on a
// 2-core machine the client's CPU is taken from the server being measured. Plain JS: workers load it without
// the TypeScript loader.
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { urls, headers, total, clients } = workerData;
const latencies = [];
let next = 0;
let failures = 0;

/** One keep-alive connection: send a GET, read one response (Content-Length or chunked), repeat. */
function connection(origin) {
  const socket = net.connect({ host: origin.hostname, port: Number(origin.port) });
  socket.setNoDelay(true);
  let buffer = Buffer.alloc(0);
  let waiting = null;
  const tryParse = () => {
    if (!waiting) return;
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = buffer.subarray(0, end).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    let body;
    let rest;
    if (length) {
      const n = Number(length[1]);
      if (buffer.length < end + 4 + n) return;
      body = buffer.subarray(end + 4, end + 4 + n);
      rest = buffer.subarray(end + 4 + n);
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const parts = [];
      let at = end + 4;
      for (;;) {
        const lineEnd = buffer.indexOf('\r\n', at);
        if (lineEnd < 0) return;
        const size = parseInt(buffer.subarray(at, lineEnd).toString('latin1'), 16);
        if (buffer.length < lineEnd + 2 + size + 2) return;
        if (size === 0) { at = lineEnd + 4; break; }
        parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(parts);
      rest = buffer.subarray(at);
    } else return;
    buffer = rest;
    const w = waiting;
    waiting = null;
    w.resolve({ status, length: body.length });
  };
  socket.on('data', (chunk) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    tryParse();
  });
  socket.on('error', (e) => waiting?.reject(e));
  const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  return {
    get(url) {
      const u = new URL(url);
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        socket.write(`GET ${u.pathname}${u.search} HTTP/1.1\r\nhost: ${u.host}\r\n${extra}\r\n`);
      });
    },
    close: () => socket.destroy(),
  };
}

const origin = new URL(urls[0]);
const t0 = performance.now();
await Promise.all(
  Array.from({ length: clients }, async () => {
    const c = connection(origin);
    try {
      while (next < total) {
        const i = next++;
        const s = performance.now();
        const r = await c.get(urls[i % urls.length]);
        latencies.push(performance.now() - s);
        if (r.status !== 200 || r.length < 50) failures++;
      }
    } finally {
      c.close();
    }
  }),
);
parentPort.postMessage({ seconds: (performance.now() - t0) / 1000, latencies, failures });
