// Subscription links (POST /api/generate_subscription_url/generate_subscription_url): staff
// generate a link that carries a membership price (first period and renewals, integer cents) and an expiry. The
// terms travel IN the link, signed with a server secret (HMAC, computed in api/ — domain/ has no crypto), so the
// join page can show them before anything is read; the server checks the signature, the expiry and that the link
// was generated (this stream) before it charges the link's price. Stream `subscription-link-<linkId>`: the link
// generated, and every membership bought with it (the payment itself is the payment's own events).
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError } from '../shared/validation';

export const subscriptionLinkStream = (linkId: string) => `subscription-link-${linkId}`;

/** Bounds of a link's prices (whole cents; $0 first period = a free first month that still saves a card). */
export const LINK_PRICE_MAX_CENTS = 100_000;
export const LINK_DAYS_MIN = 1;
export const LINK_DAYS_MAX = 365;
export const LINK_NOTE_MAX = 80;

export const LINK_INVALID = 'This subscription link is not valid. Please ask for a new one.';
export const LINK_EXPIRED = 'This subscription link has expired. Please ask for a new one.';
export const LINK_USED = 'You have already used this subscription link.';

/** What a link promises. */
export interface LinkTerms {
  linkId: string;
  /** The first period's price. */
  initialCents: number;
  /** Every renewal's price. */
  recurringCents: number;
  expiresAt: string;
}

export type SubscriptionLinkEvent =
  | DomainEvent<'SubscriptionLinkGenerated', LinkTerms & { note: string; generatedBy: string; generatedAt: string }>
  | DomainEvent<'SubscriptionLinkUsed', { linkId: string; userId: string; paymentId: string | null; amountCents: number; usedAt: string }>;

export type SubscriptionLinkCommand =
  | { type: 'Generate'; terms: LinkTerms; note: string; generatedBy: string; at: string }
  | { type: 'RecordUse'; linkId: string; userId: string; paymentId: string | null; amountCents: number; at: string };

export interface SubscriptionLinkState {
  terms: LinkTerms | null;
  usedBy: Set<string>;
}

export const subscriptionLinkDecider: Decider<SubscriptionLinkCommand, SubscriptionLinkEvent, SubscriptionLinkState> = {
  initialState: () => ({ terms: null, usedBy: new Set() }),
  evolve(state, event) {
    switch (event.type) {
      case 'SubscriptionLinkGenerated': {
        const { linkId, initialCents, recurringCents, expiresAt } = event.data;
        return { ...state, terms: { linkId, initialCents, recurringCents, expiresAt } };
      }
      case 'SubscriptionLinkUsed':
        return { ...state, usedBy: new Set(state.usedBy).add(event.data.userId) };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'Generate':
        if (state.terms) throw new DomainError('Invalid request.', 'LINK_EXISTS', 409);
        return [{ type: 'SubscriptionLinkGenerated', data: { ...command.terms, note: command.note, generatedBy: command.generatedBy, generatedAt: command.at } }];
      case 'RecordUse':
        if (!state.terms) throw new DomainError(LINK_INVALID, 'LINK_INVALID', 400, { field: 'subscription_link' });
        // One use per fan: a repeat (a retried request) records nothing.
        if (state.usedBy.has(command.userId)) return [];
        return [{ type: 'SubscriptionLinkUsed', data: { linkId: command.linkId, userId: command.userId, paymentId: command.paymentId, amountCents: command.amountCents, usedAt: command.at } }];
    }
  },
};

// ---- the console form -----------------------------------------------------------------------------------

export interface LinkRequest {
  /** Dollars as typed (e.g. "4.99"). */
  price: unknown;
  recurring_price?: unknown;
  expires_in_days: unknown;
  note?: unknown;
}

/** Dollars (number or text, at most 2 decimals) → integer cents; throws a ValidationError naming the field. */
export function dollarsToCents(value: unknown, field: string, label: string): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(text)) throw new ValidationError(field, `Please enter a valid ${label}.`);
  const [whole, frac = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (cents > LINK_PRICE_MAX_CENTS) throw new ValidationError(field, `The ${label} cannot be more than $${LINK_PRICE_MAX_CENTS / 100}.`);
  return cents;
}

/** The console's request → the link's terms (the renewal price defaults to the first period's). */
export function linkTermsFrom(req: LinkRequest, linkId: string, now: string): { terms: LinkTerms; note: string } {
  const initialCents = dollarsToCents(req.price, 'price', 'price');
  const given = !(req.recurring_price === undefined || req.recurring_price === null || req.recurring_price === '');
  const recurringCents = given ? dollarsToCents(req.recurring_price, 'recurring_price', 'renewal price') : initialCents;
  // Renewals are charged by card: a free first period needs a real renewal price.
  if (recurringCents < 100) throw new ValidationError('recurring_price', given ? 'The renewal price must be at least $1.' : 'Please enter a renewal price (at least $1) for a free first period.');
  const days = Number(req.expires_in_days);
  if (!Number.isInteger(days) || days < LINK_DAYS_MIN || days > LINK_DAYS_MAX)
    throw new ValidationError('expires_in_days', `The link must expire in ${LINK_DAYS_MIN} to ${LINK_DAYS_MAX} days.`);
  const note = typeof req.note === 'string' ? req.note.trim() : '';
  if (note.length > LINK_NOTE_MAX) throw new ValidationError('note', `The note cannot be more than ${LINK_NOTE_MAX} characters.`);
  const expiresAt = new Date(Date.parse(now) + days * 86_400_000).toISOString();
  return { terms: { linkId, initialCents, recurringCents, expiresAt }, note };
}

// ---- the token --------------------------------------------------------------------------------------------

/** The signed part of a token: every term, in a fixed order (the expiry in whole seconds). */
export const linkPayload = (t: LinkTerms): string =>
  `v1.${t.linkId}.${t.initialCents}.${t.recurringCents}.${Math.floor(Date.parse(t.expiresAt) / 1000)}`;

/** payload + '.' + signature: what the link's `offer` parameter holds. */
export const linkToken = (t: LinkTerms, sign: (payload: string) => string): string => `${linkPayload(t)}.${sign(linkPayload(t))}`;

/** A token's terms and signature, or null when it is not shaped like one (nothing here is trusted yet). */
export function parseLinkToken(token: string): { payload: string; signature: string; terms: LinkTerms } | null {
  const m = /^v1\.([0-9a-f-]{36})\.(\d{1,7})\.(\d{1,7})\.(\d{1,12})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!m) return null;
  const terms: LinkTerms = { linkId: m[1], initialCents: Number(m[2]), recurringCents: Number(m[3]), expiresAt: new Date(Number(m[4]) * 1000).toISOString() };
  return { payload: linkPayload(terms), signature: m[5], terms };
}

/**
 * Checks a token against the signer and the clock; the caller then checks the link was generated. Throws the
 * message the fan sees: a changed price, id or expiry breaks the signature.
 */
export function verifyLinkToken(token: string, verify: (payload: string, signature: string) => boolean, now: string): LinkTerms {
  const parsed = parseLinkToken(token);
  if (!parsed || !verify(parsed.payload, parsed.signature)) throw new DomainError(LINK_INVALID, 'LINK_INVALID', 400, { field: 'subscription_link' });
  if (Date.parse(parsed.terms.expiresAt) <= Date.parse(now)) throw new DomainError(LINK_EXPIRED, 'LINK_EXPIRED', 400, { field: 'subscription_link' });
  return parsed.terms;
}

/** The generated terms must be exactly the token's (a token for a link id never generated, or with other terms, is refused). */
export function assertGenerated(state: SubscriptionLinkState, terms: LinkTerms): void {
  const g = state.terms;
  const same = g && g.initialCents === terms.initialCents && g.recurringCents === terms.recurringCents
    && Math.floor(Date.parse(g.expiresAt) / 1000) === Math.floor(Date.parse(terms.expiresAt) / 1000);
  if (!same) throw new DomainError(LINK_INVALID, 'LINK_INVALID', 400, { field: 'subscription_link' });
}
