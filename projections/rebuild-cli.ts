// `npm run rebuild`: replays the whole event log into fresh read-model tables and swaps them in atomically.
// Safe while the site runs on a Postgres server (the live runner continues from the rebuilt checkpoints); with
// the embedded PGlite database the site must be stopped first (one process owns the data folder; exit code 3,
// the codes are in infra/cli/exit-codes.ts).
import { loadConfig } from '../infra/config';
import { EXIT, reportCliFailure } from '../infra/cli/exit-codes';
import { openEventStoreFromConfig } from '../infra/eventstore/open';
import { allProjections } from './index';
import { rebuildReadModels, type RebuildProgress } from './rebuild';

const fmt = (n: number) => Math.round(n).toLocaleString('en');

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return m < 60 ? `${m}m${String(s).padStart(2, '0')}s` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/** A one-line progress bar on a terminal; plain lines (at most one per second) otherwise. */
export function progressPrinter(out: NodeJS.WriteStream = process.stdout) {
  const tty = Boolean(out.isTTY);
  let lastPrint = 0;
  let lastPhase = '';
  let drawn = false;
  const width = () => Math.max(10, Math.min(40, (out.columns ?? 80) - 70));
  const bar = (percent: number) => Math.round((percent / 100) * width());
  const describe = (p: RebuildProgress) => {
    const rate = `${fmt(p.eventsPerSecond)} events/s`;
    if (p.total === null || p.total === 0) return { percent: null as number | null, text: `${fmt(p.done)} events  ${rate}` };
    const percent = Math.min(100, (p.done / p.total) * 100);
    const eta = p.eventsPerSecond > 0 ? (p.total - p.done) / p.eventsPerSecond : Infinity;
    return { percent, text: `${percent.toFixed(1).padStart(5)}%  ${fmt(p.done)}/${fmt(p.total)} events  ${rate}  ETA ${duration(eta)}` };
  };
  return {
    update(p: RebuildProgress) {
      const now = Date.now();
      const phaseChanged = p.phase !== lastPhase;
      lastPhase = p.phase;
      if (p.phase !== 'replay') {
        if (!phaseChanged) return;
        if (p.phase === 'indexes') {
          // The final state of the replay (the throttled updates may have skipped it).
          const { percent, text } = describe({ ...p, phase: 'replay' });
          if (tty) out.write(`\r\x1b[2K${percent === null ? '' : `[${'█'.repeat(bar(100))}] `}${text}`);
          else out.write(`rebuild: ${text}\n`);
        }
        const label = p.phase === 'indexes' ? 'creating indexes, writing checkpoints…' : p.phase === 'swap' ? 'swapping the new tables in…' : '';
        if (tty && drawn) out.write('\n');
        drawn = false;
        if (label) out.write(`${label}\n`);
        return;
      }
      if (!phaseChanged && now - lastPrint < (tty ? 100 : 1000)) return;
      lastPrint = now;
      const { percent, text } = describe(p);
      if (!tty) {
        out.write(`rebuild: ${text}\n`);
        return;
      }
      const filled = percent === null ? 0 : bar(percent);
      const drawing = percent === null ? '' : `[${'█'.repeat(filled)}${'░'.repeat(width() - filled)}] `;
      out.write(`\r\x1b[2K${drawing}${text}`);
      drawn = true;
    },
  };
}

async function main(): Promise<number> {
  let cfg;
  let opened;
  try {
    cfg = loadConfig();
    opened = await openEventStoreFromConfig(cfg);
  } catch (e) {
    return reportCliFailure(e, 'rebuild');
  }
  const where = cfg.DATABASE_URL ? 'the Postgres server' : `PGlite in ${cfg.dataDir}`;
  console.log(`Rebuilding ${allProjections.length} read models (${allProjections.map((p) => p.name).join(', ') || 'none'}) in ${where}`);
  const printer = progressPrinter();
  try {
    const r = await rebuildReadModels({
      database: opened.database,
      store: opened.store,
      projections: allProjections,
      onProgress: (p) => printer.update(p),
    });
    console.log('');
    console.log(`Rebuilt ${fmt(r.events)} events in ${r.seconds.toFixed(2)} s (${fmt(r.eventsPerSecond)} events/s).`);
    const tables = Object.entries(r.rows);
    if (tables.length > 0) {
      const w = Math.max(...tables.map(([t]) => t.length));
      console.log('Rows per table:');
      for (const [t, n] of tables) console.log(`  ${t.padEnd(w)}  ${fmt(n).padStart(12)}`);
    }
    return EXIT.ok;
  } catch (e) {
    console.error('');
    return reportCliFailure(new Error(`${e instanceof Error ? e.message : String(e)} (the previous read models are untouched)`, { cause: e }), 'rebuild');
  } finally {
    await opened.close().catch(() => {});
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    (code) => process.exit(code),
    (e) => process.exit(reportCliFailure(e, 'rebuild')),
  );
}
