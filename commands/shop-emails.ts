// Shop mails: a periodic pass over the queue (projections/shop-emails.ts) mails the fan a receipt when an order is
// paid, a notice when it ships and the refund of an order whose items sold out before its payment came in, and the
// staff address (the subscription mails' staff address, else the site's admin address) of each paid order. Each mail
// is recorded on its own stream before it is sent (domain/shop-email, through ./mail-pass.ts), so two nodes,
// overlapping passes or a restart mail once. These answer the fan's own purchase, so no email preference switches
// them off. Mails older than a day are never sent.
import { addressMail, startMailPass, type Mail, type MailFan } from './mail-pass';
import type { EventStore } from '../infra/eventstore/port';
import { shopEmail, shopEmailDecider, shopEmailStream, SHOP_EMAIL_TTL_MS, type MailedOrder, type ShopMailDue } from '../domain/shop-email/shop-email';
import { handle } from './handle';

export interface ShopEmailReads {
  due(sinceIso: string, limit: number): Promise<ShopMailDue[]>;
  /** The creator's name and where staff mails go (null: nowhere). */
  settings(): Promise<{ creatorName: string; staffEmail: string | null }>;
  user(userId: string): Promise<MailFan | null>;
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
  send: (mail: Mail) => Promise<unknown>;
  /** The fan site's address, without a trailing slash. */
  siteUrl: () => string;
  now: () => Date;
  intervalMs?: number;
  /** false: ticks only when called (tests). */
  timer?: boolean;
  log?: (message: string) => void;
}): ShopEmails {
  return startMailPass({
    name: 'shop email', store: options.store, ttlMs: SHOP_EMAIL_TTL_MS, due: (since, limit) => options.reads.due(since, limit), context: () => options.reads.settings(),
    async compose(m: ShopMailDue, { creatorName, staffEmail }) {
      const mail = await addressMail(m.kind, staffEmail, { fan: options.reads.user(m.userId), about: options.reads.order(m.orderId) });
      if (!mail) return null;
      return { to: mail.to, ...shopEmail(m.kind, mail.about, { fanName: mail.fan.name, fanEmail: mail.fan.email, creatorName, siteUrl: options.siteUrl() }, m.facts) };
    },
    async record(ctx, m) {
      const { events } = await handle(ctx, shopEmailStream(m.sourceEventId, m.kind), shopEmailDecider, {
        type: 'RecordShopEmailSent', sourceEventId: m.sourceEventId, kind: m.kind, orderId: m.orderId, userId: m.userId, at: ctx.now(),
      });
      return events.length > 0;
    },
    describe: (m) => `${m.kind} for order ${m.orderId}`,
    send: options.send, now: options.now, intervalMs: options.intervalMs, timer: options.timer, log: options.log,
  });
}
