// `npm run make-super-admin -- <email> [--by <name>]`: the site's operator, on the server's console, makes an account
// super_admin — the highest role, which no account can give (nobody outranks it). Run where the server runs, with
// its configuration (FANCLUB_DATA_DIR or DATABASE_URL, like the other CLIs); with PGlite the server must be stopped
// (one process owns the data folder), with the Postgres server it may keep running and follows at once.
// The change is one MemberRoleChanged event on the account's member stream, acted by the system and naming the
// operator (`--by`, else the system user, and the machine), so the Audit page lists it. An unknown, blocked or
// deleted account is refused in one line (exit 6); a repeat changes nothing. Exit codes: infra/cli/exit-codes.ts.
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../infra/config';
import { openEventStoreFromConfig } from '../infra/eventstore/open';
import { EXIT, reportCliFailure } from '../infra/cli/exit-codes';
import { DomainError } from '../domain/shared/decider';
import { ValidationError } from '../domain/shared/validation';
import { commandContext } from '../commands/handle';
import { appointSuperAdmin } from '../commands/staff';

const CLI = 'make-super-admin';
const USAGE = `usage: npm run ${CLI} -- <email> [--by <your name>]`;

/** Who ran it: the name given with --by (else the system user), on this machine, at the server's console. */
export function operatorName(by: string | undefined): string {
  let user = by?.trim() || process.env.SUDO_USER || process.env.USER || process.env.LOGNAME || '';
  if (!user) {
    try {
      user = os.userInfo().username;
    } catch {
      user = 'unknown user';
    }
  }
  return `${user.slice(0, 100)} on ${os.hostname()} (server console)`;
}

function parseArgs(argv: string[]): { email: string; by?: string } {
  const rest: string[] = [];
  let by: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--by') {
      by = argv[++i];
      if (!by?.trim()) throw new Error(`--by needs a name\n${USAGE}`);
    } else if (a === '--help' || a === '-h') throw new Error(USAGE);
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}\n${USAGE}`);
    else rest.push(a);
  }
  if (rest.length !== 1) throw new Error(rest.length ? `one email at a time\n${USAGE}` : USAGE);
  return { email: rest[0], by };
}

/** Where the CLI writes its lines: the console when run as `npm run make-super-admin`. */
export interface CliOutput {
  log: (line: string) => void;
  error: (line: string) => void;
}

/**
 * The whole command: parses `argv` (the arguments after the script), opens the store `env` configures, appoints
 * and answers the exit code. Run by the script below; the tests call it in-process too.
 */
export async function makeSuperAdmin(argv: string[], env: Record<string, string | undefined> = process.env, out: CliOutput = console): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(argv);
  } catch (e) {
    out.error((e as Error).message);
    return EXIT.usage;
  }
  let opened;
  try {
    opened = await openEventStoreFromConfig(loadConfig(env));
  } catch (e) {
    return reportCliFailure(e, CLI);
  }
  try {
    const operator = operatorName(args.by);
    const ctx = commandContext(opened.store, { userId: null, role: 'system', ip: null, correlationId: `${CLI}-${randomUUID()}` });
    const r = await appointSuperAdmin(ctx, args.email, operator);
    out.log(
      r.changed
        ? `${r.email} is now super_admin (was ${r.previousRole}); recorded on the Audit page as given by ${operator}.`
        : `${r.email} is super_admin already: nothing changed.`,
    );
    return EXIT.ok;
  } catch (e) {
    if (e instanceof ValidationError) {
      out.error(`${CLI}: ${e.message}`);
      return EXIT.usage;
    }
    if (e instanceof DomainError) {
      out.error(`${CLI}: ${e.message}`);
      return EXIT.refused;
    }
    return reportCliFailure(e, CLI);
  } finally {
    await opened.close().catch(() => {});
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await makeSuperAdmin(process.argv.slice(2));
