// Auditor's view of the event log.
//
//   npm run events -- <stream>                 every event of one stream
//   npm run events -- --all [--limit N]        $all in global order (optionally only the first N events)
//        [--after <tx/seq>]                    ... starting after a position
//
// Prints revision, position, type, time, the acting user from the metadata and the data as JSON. Secrets
// (password/token hashes, card tokens, ...) are printed as "[redacted]". Opens the store the configuration
// names (DATABASE_URL / FANCLUB_DATA_DIR / EVENT_STORE), like the server does; with PGlite the data folder
// must not be in use by a running server (exit code 3; the codes are in infra/cli/exit-codes.ts).
import { loadConfig } from '../config.js';
import { openEventStoreFromConfig } from '../eventstore/open.js';
import { formatPosition, parsePosition, type Position, type RecordedEvent } from '../eventstore/port.js';
import { EXIT, reportCliFailure } from './exit-codes.js';

const REDACTED_FIELDS = new Set(['passwordHash', 'tokenHash', 'token', 'cardToken', 'secret']);

export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, REDACTED_FIELDS.has(k) ? '[redacted]' : redact(v)]),
    );
  }
  return value;
}

export function formatEvent(e: RecordedEvent, withStream: boolean): string {
  const m = (e.metadata ?? {}) as Partial<RecordedEvent['metadata']>;
  const actor = [
    `actor=${m.userId ?? '-'}`,
    `role=${m.role ?? '-'}`,
    ...(m.proxyAdminId ? [`via-admin=${m.proxyAdminId}`] : []),
    `ip=${m.ip ?? '-'}`,
    `correlation=${m.correlationId ?? '-'}`,
  ].join(' ');
  const head = [
    withStream ? e.streamId : null,
    `#${e.revision}`,
    `@${formatPosition(e.position)}`,
    e.type,
    e.recordedAt.toISOString(),
    actor,
  ]
    .filter((x) => x !== null)
    .join('  ');
  return `${head}\n    ${JSON.stringify(redact(e.data))}`;
}

interface Args {
  stream?: string;
  all: boolean;
  limit?: number;
  after?: Position;
}

const USAGE = `usage: npm run events -- <stream>
       npm run events -- --all [--limit N] [--after <tx/seq>]`;

function parseArgs(argv: string[]): Args {
  const args: Args = { all: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--all') args.all = true;
    else if (a === '--limit') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1) throw new Error('--limit needs a positive whole number');
      args.limit = n;
    } else if (a === '--after') {
      const p = parsePosition(argv[++i] ?? '');
      if (!p) throw new Error('--after needs a position like 812/40411');
      args.after = p;
    } else if (a === '--help' || a === '-h') throw new Error(USAGE);
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}\n${USAGE}`);
    else if (args.stream === undefined) args.stream = a;
    else throw new Error(`only one stream at a time\n${USAGE}`);
  }
  if (args.all === (args.stream !== undefined)) throw new Error(USAGE);
  return args;
}

async function main() {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    process.exitCode = EXIT.usage;
    return;
  }
  let opened;
  try {
    opened = await openEventStoreFromConfig(loadConfig());
  } catch (e) {
    process.exitCode = reportCliFailure(e, 'events');
    return;
  }
  try {
    const { store } = opened;
    const print = (e: RecordedEvent) => process.stdout.write(`${formatEvent(e, args.all)}\n`);
    let count = 0;
    if (args.stream !== undefined) {
      const events = await store.readStream(args.stream, args.limit ? { maxCount: args.limit } : {});
      events.forEach(print);
      count = events.length;
      console.error(events.length ? `${count} event(s) in ${args.stream}` : `stream ${args.stream} has no events`);
    } else {
      let after: Position | null = args.after ?? null;
      for (;;) {
        const page = 1000;
        const want = args.limit === undefined ? page : Math.min(page, args.limit - count);
        if (want <= 0) break;
        const events = await store.readAll({ after, maxCount: want });
        if (events.length === 0) break;
        events.forEach(print);
        count += events.length;
        after = events[events.length - 1].position;
      }
      console.error(`${count} event(s) from $all`);
    }
  } finally {
    await opened.close();
  }
}

main().catch((e) => {
  process.exitCode = reportCliFailure(e, 'events');
});
