// A guest purchase (stream `guest-purchase-<paymentId>`): a locked post bought on the provider's page by someone
// who gave only an email. Nothing is held for anyone while the page is open (there is no account yet); the
// provider's verified sale names the account (found by the email, or created for it), and from there the unlock
// is an ordinary hosted payment of that account under the same payment id. A page never paid expires after the
// hosted form's time; a sale that comes later, or one for an account that may not buy, is refunded.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { HOSTED_FORM_TTL_MS } from '../payment/payment';

export const guestPurchaseStream = (paymentId: string) => `guest-purchase-${paymentId}`;

export type GuestPurchaseEvent =
  | DomainEvent<'GuestPurchaseRequested', { paymentId: string; email: string; postId: string; amountCents: number; promotionId: string | null; provider: string; requestedAt: string }>
  /** The sale came: the purchase belongs to this account from now on (`created`: the account was made for it). */
  | DomainEvent<'GuestPurchaseMatched', { paymentId: string; userId: string; created: boolean; matchedAt: string }>
  /** Nothing was granted: the page was declined or given up, or the sale was refunded (`problem` says why). */
  | DomainEvent<'GuestPurchaseReleased', { paymentId: string; reason: 'declined' | 'abandoned' | 'refused'; problem: string | null; releasedAt: string }>;

export type GuestPurchaseCommand =
  | { type: 'RequestGuestPurchase'; paymentId: string; email: string; postId: string; amountCents: number; promotionId: string | null; provider: string; at: string }
  | { type: 'MatchGuestPurchase'; userId: string; created: boolean; at: string }
  | { type: 'ReleaseGuestPurchase'; reason: 'declined' | 'abandoned' | 'refused'; problem: string | null; at: string };

export interface GuestPurchaseState {
  status: 'none' | 'requested' | 'matched' | 'released';
  paymentId: string | null;
  email: string | null;
  postId: string | null;
  amountCents: number;
  promotionId: string | null;
  requestedAt: string | null;
  userId: string | null;
  created: boolean;
  /** Why nothing was bought, once released. */
  released: 'declined' | 'abandoned' | 'refused' | null;
}

/** Whether the page of a purchase requested at `requestedAt` has been given up by `now`. */
export const guestPageExpired = (requestedAt: string, now: string): boolean => Date.parse(now) - Date.parse(requestedAt) >= HOSTED_FORM_TTL_MS;

/** An account made for a guest purchase is named after its email's local part (the fan may change it). */
export const guestAccountName = (email: string): string => (email.split('@')[0] || 'Fan').slice(0, 50);

export const guestPurchaseDecider: Decider<GuestPurchaseCommand, GuestPurchaseEvent, GuestPurchaseState> = {
  initialState: () => ({ status: 'none', paymentId: null, email: null, postId: null, amountCents: 0, promotionId: null, requestedAt: null, userId: null, created: false, released: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'GuestPurchaseRequested':
        return { ...state, status: 'requested', ...event.data, requestedAt: event.data.requestedAt };
      case 'GuestPurchaseMatched':
        return { ...state, status: 'matched', userId: event.data.userId, created: event.data.created };
      case 'GuestPurchaseReleased':
        return { ...state, status: 'released', released: event.data.reason };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RequestGuestPurchase': {
        if (state.status === 'none') {
          const { type: _type, at, ...data } = command;
          return [{ type: 'GuestPurchaseRequested', data: { ...data, requestedAt: at } }];
        }
        // The same request again (its Idempotency-Key): the same purchase, unless it asked for something else.
        if (state.email !== command.email || state.postId !== command.postId || state.amountCents !== command.amountCents)
          throw new DomainError('This Idempotency-Key was used for a different request.', 'IDEMPOTENCY_MISMATCH', 422);
        return [];
      }
      case 'MatchGuestPurchase':
        if (state.status === 'matched' && state.userId === command.userId) return [];
        if (state.status !== 'requested') throw new DomainError('This purchase is not waiting for its sale.', 'GUEST_PURCHASE_CLOSED', 409);
        return [{ type: 'GuestPurchaseMatched', data: { paymentId: state.paymentId!, userId: command.userId, created: command.created, matchedAt: command.at } }];
      case 'ReleaseGuestPurchase':
        if (state.status === 'released') return [];
        if (state.status === 'none') throw new DomainError('Invalid Request', 'PAYMENT_NOT_FOUND', 404);
        return [{ type: 'GuestPurchaseReleased', data: { paymentId: state.paymentId!, reason: command.reason, problem: command.problem, releasedAt: command.at } }];
    }
  },
};

/** How long the link to set a password, mailed with an account made for a guest purchase, stays good. */
export const GUEST_SET_PASSWORD_TTL_MS = 7 * 24 * 60 * 60 * 1000;
