// One meaning per exit code across the CLIs (ledger, rebuild, events, make-super-admin), so that a cron job can tell a failed
// check from a busy data folder; each failure prints ONE line saying what to do. Documented in the README.
import { ConfigError } from '../config.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';

export const EXIT = {
  ok: 0,
  /** `npm run ledger`: the event log, the reports and the provider disagree. */
  booksDisagree: 1,
  /** Wrong arguments or configuration (an environment variable). */
  usage: 2,
  /** The PGlite data folder is owned by a running server. */
  dataFolderInUse: 3,
  /** The database (DATABASE_URL) or EventStoreDB (EVENTSTORE_URL) cannot be reached. */
  cannotConnect: 4,
  /** Anything else went wrong (the line says what); for rebuild: the previous read models are untouched. */
  failed: 5,
  /** `npm run make-super-admin`: the account cannot be given the role (unknown, blocked or deleted; the line says which). */
  refused: 6,
  /** `npm run ledger`: the books it could read agree, but a payment provider's could not be read (no answer, refused credentials, not configured). */
  providerUnreachable: 7,
} as const;

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', '3D000', '28P01', '28000', '57P03']);

function isConnectionError(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 3) return false;
  const err = e as { code?: unknown; errors?: unknown[]; cause?: unknown; message?: unknown };
  if (typeof err.code === 'string' && CONNECTION_CODES.has(err.code)) return true;
  if (typeof err.message === 'string' && /connect(ion)? (refused|timed? ?out)|failed to connect|unavailable/i.test(err.message)) return true;
  return (err.errors ?? []).some((x) => isConnectionError(x, depth + 1)) || isConnectionError(err.cause, depth + 1);
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** What a CLI prints (one line) and the code it exits with, for an error while opening or running. */
export function cliFailure(e: unknown, cli: string): { code: number; line: string } {
  if (e instanceof DataDirLockedError)
    return {
      code: EXIT.dataFolderInUse,
      line: `${cli}: the data folder ${e.dataDir} is in use by the running server (pid ${e.pid}): stop the server (or run on a copy of the folder with FANCLUB_DATA_DIR), or use the Postgres server with DATABASE_URL.`,
    };
  if (e instanceof ConfigError) return { code: EXIT.usage, line: `${cli}: ${oneLine(e.message)}` };
  if (isConnectionError(e)) {
    const what = e instanceof Error ? oneLine(e.message) || (e as { code?: string }).code : String(e);
    return { code: EXIT.cannotConnect, line: `${cli}: cannot connect to the database (${what}): check DATABASE_URL / EVENTSTORE_URL and that the server is running.` };
  }
  return { code: EXIT.failed, line: `${cli}: failed: ${oneLine(e instanceof Error ? e.message : String(e))}` };
}

/** Prints the one line and sets the exit code (the caller returns; open handles are closed by then). */
export function reportCliFailure(e: unknown, cli: string): number {
  const { code, line } = cliFailure(e, cli);
  console.error(line);
  if (process.env.FANCLUB_DEBUG) console.error(e);
  return code;
}
