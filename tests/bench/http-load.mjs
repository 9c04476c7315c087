// HTTP load generator for the benchmarks, run in a worker thread so that making requests and reading the
// answers does not share the server's event loop (a real client is another machine). Plain JS: workers load it
// without the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';

const { urls, headers, total, clients } = workerData;
const latencies = [];
let next = 0;
let failures = 0;
const t0 = performance.now();
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (next < total) {
      const i = next++;
      const s = performance.now();
      const r = await fetch(urls[i % urls.length], { headers });
      const body = await r.text();
      latencies.push(performance.now() - s);
      if (r.status !== 200 || body.length < 50) failures++;
    }
  }),
);
parentPort.postMessage({ seconds: (performance.now() - t0) / 1000, latencies, failures });
