// The mails of subscription events (the switches are domain/settings/subscription-email.ts): which mails
// an event makes, their texts, and the record that one was sent. Each (event, kind) has its own stream; the sender
// records SubscriptionEmailSent there before it mails, so two nodes or a pass over a restart never mail twice (a crash
// between record and send loses that one mail: a notice, never money, so at most once is the right side to err on).
import type { Decider, DomainEvent } from '../shared/decider';
import type { SubscriptionEmailKind } from '../settings/subscription-email';
import type { SubscriptionEvent } from '../subscription/subscription';

/** Mails of events older than this are dropped, never sent late (a rebuild, a first start over an old log). */
export const SUBSCRIPTION_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;

/** One mail an event asks for. */
export interface SubscriptionMailDue {
  sourceEventId: string;
  kind: SubscriptionEmailKind;
  userId: string;
  amountCents: number;
  /** When the membership renews (subscribed, renewed) or ends (cancelled); null when not known. */
  dateIso: string | null;
  at: string;
}

export const SUBSCRIPTION_EMAIL_SOURCE_TYPES = ['SubscriptionStarted', 'FreeSubscriptionStarted', 'SubscriptionCancelled', 'SubscriptionPaymentFailed'] as const;

/** A subscription event that makes mails, as recorded (its id names the mails, its time is theirs). */
type SourceEvent = Extract<SubscriptionEvent, { type: (typeof SUBSCRIPTION_EMAIL_SOURCE_TYPES)[number] }> & { id: string; recordedAt: Date };

/** The mails a subscription event makes (before the settings decide which go out). */
export function mailsForEvent(e: SourceEvent): SubscriptionMailDue[] {
  const at = e.recordedAt.toISOString();
  const one = (kind: SubscriptionEmailKind, amountCents: number, dateIso: string | null): SubscriptionMailDue => ({ sourceEventId: e.id, kind, userId: e.data.userId, amountCents, dateIso, at });
  switch (e.type) {
    case 'SubscriptionStarted':
    case 'FreeSubscriptionStarted': {
      const d = e.data;
      if (d.kind === 'rebill') return [one('fan_renewed', d.amountCents ?? 0, d.nextBillingAt ?? d.expiresAt ?? null)];
      return [one('fan_subscribed', d.amountCents ?? 0, d.nextBillingAt ?? d.expiresAt ?? null), one('staff_new_subscriber', d.amountCents ?? 0, d.nextBillingAt ?? d.expiresAt ?? null)];
    }
    case 'SubscriptionCancelled':
      return [one('fan_cancelled', 0, e.data.expiresAt ?? null), one('staff_cancelled', 0, e.data.expiresAt ?? null)];
    case 'SubscriptionPaymentFailed':
      // Only renewals: a declined first payment is answered on the page itself.
      return e.data.kind === 'rebill' ? [one('fan_payment_failed', 0, e.data.nextRetryAt ?? null)] : [];
    default:
      return [];
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }) : null);

export interface MailFacts { fanName: string; fanEmail: string; creatorName: string; siteUrl: string }

/** Subject and bodies of one mail (plain text and simple HTML, every value escaped). */
export function subscriptionEmail(due: SubscriptionMailDue, f: MailFacts): { subject: string; text: string; html: string } {
  const date = day(due.dateIso);
  let subject: string;
  let lines: string[];
  let link: { label: string; url: string } | null = null;
  switch (due.kind) {
    case 'fan_subscribed':
      subject = `Welcome to ${f.creatorName}'s membership`;
      lines = [`Hi ${f.fanName},`, `Your membership has started${due.amountCents ? ` (${money(due.amountCents)} charged)` : ''}.${date ? ` It renews on ${date}.` : ''}`];
      link = { label: 'Open the feed', url: `${f.siteUrl}/` };
      break;
    case 'fan_renewed':
      subject = `Your ${f.creatorName} membership was renewed`;
      lines = [`Hi ${f.fanName},`, `We charged ${money(due.amountCents)} for the next period of your membership.${date ? ` The next renewal is on ${date}.` : ''}`];
      link = { label: 'Your payments', url: `${f.siteUrl}/profile/payments` };
      break;
    case 'fan_cancelled':
      subject = `Your ${f.creatorName} membership was cancelled`;
      lines = [`Hi ${f.fanName},`, `Your membership will not renew.${date ? ` You keep access until ${date}.` : ''}`];
      link = { label: 'Membership', url: `${f.siteUrl}/membership` };
      break;
    case 'fan_payment_failed':
      subject = `We could not renew your ${f.creatorName} membership`;
      lines = [`Hi ${f.fanName},`, `The payment for your membership renewal failed.${date ? ` We will try again on ${date}.` : ''} Update your card to keep your access.`];
      link = { label: 'Update your card', url: `${f.siteUrl}/profile/payment-method` };
      break;
    case 'staff_new_subscriber':
      subject = `New member: ${f.fanName}`;
      lines = [`${f.fanName} (${f.fanEmail}) became a member${due.amountCents ? ` and paid ${money(due.amountCents)}` : ''}.`];
      link = { label: 'Subscribers', url: `${f.siteUrl}/admin/subscribers` };
      break;
    case 'staff_cancelled':
      subject = `Membership cancelled: ${f.fanName}`;
      lines = [`${f.fanName} (${f.fanEmail}) cancelled their membership.${date ? ` Access ends on ${date}.` : ''}`];
      link = { label: 'Subscribers', url: `${f.siteUrl}/admin/subscribers` };
      break;
  }
  const footer = due.kind.startsWith('fan_') ? `You receive this because you are a member of ${f.creatorName}'s site.` : `Sent by ${f.creatorName}'s site. Choose these mails in Settings → Subscription emails.`;
  return {
    subject,
    text: [...lines, link ? `${link.label}: ${link.url}` : '', '', footer].join('\n'),
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}${link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : ''}<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`,
  };
}

// ---- the record that a mail was sent -------------------------------------------------------------------------

export type SubscriptionEmailEvent = DomainEvent<'SubscriptionEmailSent', { sourceEventId: string; kind: SubscriptionEmailKind; userId: string; sentAt: string }>;
export type SubscriptionEmailCommand = { type: 'RecordSent'; sourceEventId: string; kind: SubscriptionEmailKind; userId: string; at: string };

export const subscriptionEmailStream = (sourceEventId: string, kind: SubscriptionEmailKind) => `subscription-email-${sourceEventId}-${kind}`;

export const subscriptionEmailDecider: Decider<SubscriptionEmailCommand, SubscriptionEmailEvent, { sent: boolean }> = {
  initialState: () => ({ sent: false }),
  evolve: (s, e) => (e.type === 'SubscriptionEmailSent' ? { sent: true } : s),
  decide: (c, s) => (s.sent ? [] : [{ type: 'SubscriptionEmailSent', data: { sourceEventId: c.sourceEventId, kind: c.kind, userId: c.userId, sentAt: c.at } }]),
};
