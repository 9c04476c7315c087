// Subscription mails: a periodic pass over the queue (projections/subscription-emails.ts) mails what the
// settings switch on, to the fan or to the staff address. Each mail is recorded on its own stream before it is sent
// (domain/subscription-email), so two nodes or overlapping passes mail once; mails switched off when their turn
// comes are recorded as handled too (a switch turned on later does not send old news). Mails older than a day are
// never sent.
import { startPeriodicPass } from './periodic-pass';
import type { EventStore } from '../infra/eventstore/port';
import { subscriptionEmail, subscriptionEmailDecider, subscriptionEmailStream, SUBSCRIPTION_EMAIL_TTL_MS, type SubscriptionMailDue } from '../domain/subscription-email/subscription-email';
import { sendsMail, type SubscriptionEmailSettings } from '../domain/settings/subscription-email';
import { commandContext, handle } from './handle';

export interface SubscriptionEmailReads {
  due(sinceIso: string, limit: number): Promise<SubscriptionMailDue[]>;
  settings(): Promise<{ mails: SubscriptionEmailSettings; creatorName: string; adminEmail: string | null }>;
  user(userId: string): Promise<{ email: string; name: string } | null>;
}

export interface SubscriptionEmails {
  /** One pass; resolves to the number of mails sent. */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

export function startSubscriptionEmails(options: {
  store: EventStore;
  reads: SubscriptionEmailReads;
  send: (mail: { to: string; subject: string; text: string; html: string }) => Promise<unknown>;
  siteUrl: () => string;
  now: () => Date;
  intervalMs?: number;
  timer?: boolean;
  log?: (message: string) => void;
}): SubscriptionEmails {
  const log = options.log ?? (() => {});
  const pass = async (): Promise<number> => {
    const due = await options.reads.due(new Date(options.now().getTime() - SUBSCRIPTION_EMAIL_TTL_MS).toISOString(), 200);
    if (!due.length) return 0;
    const { mails, creatorName, adminEmail } = await options.reads.settings();
    let sent = 0;
    for (const m of due) {
      if (periodic.stopped) break;
      try {
        const user = await options.reads.user(m.userId);
        const to = m.kind.startsWith('staff_') ? (mails.staff_email.trim() || adminEmail) : user?.email ?? null;
        const ctx = commandContext(options.store, { userId: null, role: 'system', correlationId: `subscription-email-${m.sourceEventId}-${m.kind}` }, options.now);
        const { events } = await handle(ctx, subscriptionEmailStream(m.sourceEventId, m.kind), subscriptionEmailDecider, { type: 'RecordSent', sourceEventId: m.sourceEventId, kind: m.kind, userId: m.userId, at: ctx.now() });
        if (!events.length) continue; // another node (or an earlier pass) had it
        if (!sendsMail(mails, m.kind) || !to || !user) continue; // switched off, or nobody to mail: handled
        await options.send({ to, ...subscriptionEmail(m, { fanName: user.name, fanEmail: user.email, creatorName, siteUrl: options.siteUrl() }) });
        sent++;
      } catch (e) {
        log(`subscription email ${m.kind} for ${m.userId} failed: ${(e as Error).message}`);
      }
    }
    return sent;
  };
  const periodic = startPeriodicPass({ name: 'subscription email', pass, intervalMs: options.intervalMs ?? 30_000, log, timer: options.timer });
  return periodic;
}
