// Build step for the two apps: writes name.br and name.gz beside every text asset, so the server sends them
// compressed without compressing on each request (@fastify/static preCompressed). Run after each app's vite build
// by infra/cli/ensure-built.mjs and `npm run build` (the apps' configs stay free of server code).
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest|xml|wasm)$/i;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else if (COMPRESSIBLE.test(entry.name)) yield p;
  }
}

/** Compresses every text asset under `dir` (brotli at its best quality, gzip level 9); keeps only smaller results. */
export async function precompress(dir) {
  const jobs = [];
  for (const file of files(dir)) {
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    jobs.push(
      brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }).then((out) => {
        if (out.length < data.length) fs.writeFileSync(`${file}.br`, out);
      }),
      gzip(data, { level: 9 }).then((out) => {
        if (out.length < data.length) fs.writeFileSync(`${file}.gz`, out);
      }),
    );
  }
  await Promise.all(jobs);
  return jobs.length / 2;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  for (const dir of process.argv.slice(2)) console.log(`${dir}: ${await precompress(dir)} files compressed`);
}
