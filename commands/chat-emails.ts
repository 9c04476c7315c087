// Chat emails: a fan who has not read staff messages for CHAT_EMAIL_GRACE_MS is emailed once per unread
// streak, when their `messages` email switch is on. The conversation read model is the queue; each fan's
// conversation stream records the email (ChatEmailNotified) before it is sent, so two nodes, or a pass that
// overlaps a restart, never mail a fan twice. A crash between the record and the send loses that one email:
// a notification, never money, so at most once is the right side to err on.
import { startPeriodicPass } from './periodic-pass';
import type { EventStore } from '../infra/eventstore/port';
import { conversationDecider, conversationStream } from '../domain/chat/conversation';
import { CHAT_EMAIL_GRACE_MS, chatEmail } from '../domain/chat/chat-email';
import { commandContext, handle } from './handle';

export interface ChatEmailReads {
  /** Fans whose unread streak began at or before the cutoff and who were not emailed about it. */
  due(cutoffIso: string, limit: number): Promise<Array<{ fan_id: string; email: string; name: string; unread: number; unread_since: string }>>;
  /** The creator's name as the site shows it. */
  creatorName(): Promise<string>;
}

export interface ChatEmails {
  /** One pass; resolves to the number of emails sent. */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

export function startChatEmails(options: {
  store: EventStore;
  reads: ChatEmailReads;
  /** Records and sends one mail (the outbox; SMTP when configured). */
  send: (mail: { to: string; subject: string; text: string; html: string }) => Promise<unknown>;
  /** The fan site's address, without a trailing slash. */
  siteUrl: () => string;
  now: () => Date;
  intervalMs?: number;
  log?: (message: string) => void;
  /** false: ticks only when called (tests). */
  timer?: boolean;
}): ChatEmails {
  const log = options.log ?? (() => {});
  const pass = async (): Promise<number> => {
    const now = options.now();
    const due = await options.reads.due(new Date(now.getTime() - CHAT_EMAIL_GRACE_MS).toISOString(), 200);
    if (!due.length) return 0;
    const creatorName = await options.reads.creatorName();
    let sent = 0;
    for (const fan of due) {
      if (periodic.stopped) break;
      const ctx = commandContext(options.store, { userId: null, role: 'system', correlationId: `chat-email-${fan.fan_id}-${fan.unread_since}` }, options.now);
      try {
        const { events } = await handle(ctx, conversationStream(fan.fan_id), conversationDecider, {
          type: 'NotifyByEmail', fanId: fan.fan_id, unreadSince: fan.unread_since, unread: fan.unread, at: ctx.now(),
        });
        if (!events.length) continue; // another node (or an earlier pass) recorded it
        await options.send({ to: fan.email, ...chatEmail({ fanName: fan.name, creatorName, unread: fan.unread, link: `${options.siteUrl()}/private-chat` }) });
        sent++;
      } catch (e) {
        log(`chat email to fan ${fan.fan_id} failed: ${(e as Error).message}`);
      }
    }
    return sent;
  };
  const periodic = startPeriodicPass({ name: 'chat email', pass, intervalMs: options.intervalMs ?? 60_000, log, timer: options.timer });
  return periodic;
}
