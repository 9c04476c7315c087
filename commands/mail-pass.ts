// One pass over a mail queue (a read model of mails due), shared by the shop and chat booking mails: for each mail
// due, what it needs is read, the mail is recorded on its own stream (the caller's `record`, true when this pass
// recorded it), and only then sent; a mail another node or an earlier pass recorded is skipped, and one with nobody
// to mail (or no longer true) is recorded as handled. Mails whose event is older than the queue's time to live are
// never sent late. A crash between record and send loses that one mail: a notice, never money.
import { startPeriodicPass, type PeriodicPass } from './periodic-pass';
import { commandContext, type CommandContext } from './handle';
import type { EventStore } from '../infra/eventstore/port';

export interface Mail { to: string; subject: string; text: string; html: string }

export interface QueuedMail { sourceEventId: string; kind: string }

/** A fan as a mail names them. */
export interface MailFan { email: string; name: string }

/**
 * Where a queued mail goes, with the fan and the record it is about (read together): `staff_` kinds to the staff
 * address, the others to the fan. null when there is nobody to mail, or the fan or the record is gone.
 */
export async function addressMail<T>(kind: string, staffEmail: string | null, reads: { fan: Promise<MailFan | null>; about: Promise<T | null> }): Promise<{ to: string; fan: MailFan; about: T } | null> {
  const [fan, about] = await Promise.all([reads.fan, reads.about]);
  const to = kind.startsWith('staff_') ? staffEmail : fan?.email ?? null;
  return to && fan && about ? { to, fan, about } : null;
}

export function startMailPass<D extends QueuedMail, C>(options: {
  /** Names the pass in its log lines and correlation ids ('shop email'). */
  name: string;
  store: EventStore;
  ttlMs: number;
  due(sinceIso: string, limit: number): Promise<D[]>;
  /** Read once per pass that has mails due (the settings, the staff address). */
  context(): Promise<C>;
  /** The mail to send (null: nobody to mail, or it says nothing true any more); read before the record. */
  compose(mail: D, context: C): Promise<Mail | null>;
  /** Records the mail on its own stream; false when it was recorded before. */
  record(ctx: CommandContext, mail: D): Promise<boolean>;
  /** Names one mail in a log line. */
  describe(mail: D): string;
  send: (mail: Mail) => Promise<unknown>;
  now: () => Date;
  intervalMs?: number;
  /** false: ticks only when called (tests). */
  timer?: boolean;
  log?: (message: string) => void;
}): PeriodicPass {
  const log = options.log ?? (() => {});
  const slug = options.name.replace(/\s+/g, '-');
  const pass = async (): Promise<number> => {
    const due = await options.due(new Date(options.now().getTime() - options.ttlMs).toISOString(), 200);
    if (!due.length) return 0;
    const context = await options.context();
    let sent = 0;
    for (const m of due) {
      if (periodic.stopped) break;
      try {
        const mail = await options.compose(m, context);
        const ctx = commandContext(options.store, { userId: null, role: 'system', correlationId: `${slug}-${m.sourceEventId}-${m.kind}` }, options.now);
        if (!(await options.record(ctx, m))) continue; // another node (or an earlier pass) had it
        if (!mail) continue; // nobody to mail: handled
        await options.send(mail);
        sent++;
      } catch (e) {
        log(`${options.name} ${options.describe(m)} failed: ${(e as Error).message}`);
      }
    }
    return sent;
  };
  const periodic = startPeriodicPass({ name: options.name, pass, intervalMs: options.intervalMs ?? 30_000, log, timer: options.timer });
  return periodic;
}
