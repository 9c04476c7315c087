// Shop mails: a periodic pass over the queue (projections/shop-emails.ts) mails the fan a receipt when an order is
// paid and a notice when it ships, and the staff address (the subscription mails' staff address, else the site's
// admin address) of each paid order. Each mail is recorded on its own stream before it is sent
// (domain/shop-email), so two nodes, overlapping passes or a restart mail once. Receipts and shipping notices
// answer the fan's own purchase, so no email preference switches them off. Mails older than a day are never sent.
import { startPeriodicPass } from './periodic-pass';
import type { EventStore } from '../infra/eventstore/port';
import { shopEmail, shopEmailDecider, shopEmailStream, SHOP_EMAIL_TTL_MS, type MailedOrder, type ShopMailDue } from '../domain/shop-email/shop-email';
import { commandContext, handle } from './handle';

export interface ShopEmailReads {
  due(sinceIso: string, limit: number): Promise<ShopMailDue[]>;
  /** The creator's name and where staff mails go (null: nowhere). */
  settings(): Promise<{ creatorName: string; staffEmail: string | null }>;
  user(userId: string): Promise<{ email: string; name: string } | null>;
  order(orderId: string): Promise<MailedOrder | null>;
}

export interface ShopEmails {
  /** One pass; resolves to the number of mails sent. */
  tick(): Promise<number>;
  /** Asks for a pass soon (an order was paid or shipped). */
  kick(): void;
  stop(): Promise<void>;
}

export function startShopEmails(options: {
  store: EventStore;
  reads: ShopEmailReads;
  /** Records and sends one mail (the outbox; SMTP when configured). */
  send: (mail: { to: string; subject: string; text: string; html: string }) => Promise<unknown>;
  /** The fan site's address, without a trailing slash. */
  siteUrl: () => string;
  now: () => Date;
  intervalMs?: number;
  /** false: ticks only when called (tests). */
  timer?: boolean;
  log?: (message: string) => void;
}): ShopEmails {
  const log = options.log ?? (() => {});
  const pass = async (): Promise<number> => {
    const due = await options.reads.due(new Date(options.now().getTime() - SHOP_EMAIL_TTL_MS).toISOString(), 200);
    if (!due.length) return 0;
    const { creatorName, staffEmail } = await options.reads.settings();
    let sent = 0;
    for (const m of due) {
      if (periodic.stopped) break;
      try {
        const [user, order] = await Promise.all([options.reads.user(m.userId), options.reads.order(m.orderId)]);
        const to = m.kind.startsWith('staff_') ? staffEmail : user?.email ?? null;
        const ctx = commandContext(options.store, { userId: null, role: 'system', correlationId: `shop-email-${m.sourceEventId}-${m.kind}` }, options.now);
        const { events } = await handle(ctx, shopEmailStream(m.sourceEventId, m.kind), shopEmailDecider, {
          type: 'RecordShopEmailSent', sourceEventId: m.sourceEventId, kind: m.kind, orderId: m.orderId, userId: m.userId, at: ctx.now(),
        });
        if (!events.length) continue; // another node (or an earlier pass) had it
        if (!to || !user || !order) continue; // nobody to mail: handled
        await options.send({ to, ...shopEmail(m.kind, order, { fanName: user.name, fanEmail: user.email, creatorName, siteUrl: options.siteUrl() }) });
        sent++;
      } catch (e) {
        log(`shop email ${m.kind} for order ${m.orderId} failed: ${(e as Error).message}`);
      }
    }
    return sent;
  };
  const periodic = startPeriodicPass({ name: 'shop email', pass, intervalMs: options.intervalMs ?? 30_000, log, timer: options.timer });
  return periodic;
}
