// Email uniqueness (stream `user-email-<email>`): one address, one account. Registration claims the address
// (expected revision "no stream", so of two registrations only one wins) and then writes the user. The event
// store may be EventStoreDB, which has no transaction over two streams, so a claim can be left behind by a
// failure or a kill between the two appends. Such a claim must not lock the address forever:
//  - a failed user append is compensated at once (the claim is released);
//  - a claim whose holder never became the address's account (never registered, or moved to another address)
//    may be taken over once a short lease has passed since it was claimed. A holder that never registered is
//    first fenced (its user stream is closed with RegistrationAbandoned), so a late registration cannot land
//    after the takeover and give the address two accounts.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';

export const emailClaimStream = (normalisedEmail: string) => `user-email-${normalisedEmail}`;

export const EMAIL_TAKEN = 'An account with this email already exists.';

/** A claim younger than this is a registration in progress: the address is taken. */
export const EMAIL_CLAIM_LEASE_MS = 2 * 60_000;

export type EmailClaimEvent =
  /** `at` is absent on claims recorded before leases existed: they count as past their lease. */
  | DomainEvent<'EmailClaimed', { email: string; userId: string; at?: string }>
  /**
   * The owner moved to another address: this one may be registered (or claimed) again. `abandoned`: released
   * because the holder's registration never completed (compensation, or a takeover after the lease).
   */
  | DomainEvent<'EmailReleased', { email: string; userId: string; abandoned?: boolean }>;

export interface EmailClaimState {
  userId: string | null;
  claimedAt: string | null;
}

/**
 * What the caller found on the holder's user stream, read before deciding (the decider does no I/O).
 * registered: the user stream has UserRegistered; ownsEmail: that user's address is this one;
 * abandoned: the user stream was closed with RegistrationAbandoned (it can never register).
 */
export interface ClaimHolder {
  userId: string;
  registered: boolean;
  ownsEmail: boolean;
  abandoned: boolean;
}

export type EmailClaimCommand =
  | { type: 'ClaimEmail'; email: string; userId: string; at: string; holder?: ClaimHolder }
  /** `abandoned`: the holder's registration failed or was given up (see EmailReleased). */
  | { type: 'ReleaseEmail'; email: string; userId: string; abandoned?: boolean };

export type ClaimVerdict =
  | 'free' // nobody holds it: claim
  | 'mine' // already held by this user: nothing to write
  | 'taken' // an account owns it, or a registration holding it is within its lease
  | 'fence_holder' // lease over, holder never registered: close its user stream first, then decide again
  | 'take_over'; // lease over, holder cannot own the address: release it and claim

export const claimLeaseOver = (claimedAt: string | null, at: string): boolean =>
  claimedAt === null || Date.parse(at) - Date.parse(claimedAt) >= EMAIL_CLAIM_LEASE_MS;

/** Whether `userId` may claim the address now, given the claim and what the holder's stream says. */
export function claimVerdict(state: EmailClaimState, userId: string, at: string, holder?: ClaimHolder): ClaimVerdict {
  if (state.userId === null) return 'free';
  if (state.userId === userId) return 'mine';
  // Facts about someone else (the claim changed hands since they were read) prove nothing.
  if (!holder || holder.userId !== state.userId || holder.ownsEmail) return 'taken';
  if (!claimLeaseOver(state.claimedAt, at)) return 'taken';
  if (holder.registered || holder.abandoned) return 'take_over';
  return 'fence_holder';
}

const taken = () => new DomainError(EMAIL_TAKEN, 'EMAIL_TAKEN', 409, { field: 'email' });

export const emailClaimDecider: Decider<EmailClaimCommand, EmailClaimEvent, EmailClaimState> = {
  initialState: () => ({ userId: null, claimedAt: null }),
  evolve: (_state, event) =>
    event.type === 'EmailReleased' ? { userId: null, claimedAt: null } : { userId: event.data.userId, claimedAt: event.data.at ?? null },
  decide(command, state) {
    if (command.type === 'ReleaseEmail') {
      // Only the holder releases; anything else (already free, someone else's) is a no-op.
      if (state.userId !== command.userId) return [];
      return [{ type: 'EmailReleased', data: { email: command.email, userId: command.userId, ...(command.abandoned ? { abandoned: true } : {}) } }];
    }
    const claimed: EmailClaimEvent = { type: 'EmailClaimed', data: { email: command.email, userId: command.userId, at: command.at } };
    switch (claimVerdict(state, command.userId, command.at, command.holder)) {
      case 'free':
        return [claimed];
      case 'mine':
        return [];
      case 'take_over':
        // One append: the stale claim goes and the new one comes, or neither.
        return [{ type: 'EmailReleased', data: { email: command.email, userId: state.userId!, abandoned: true } }, claimed];
      default:
        // 'fence_holder' reaching the decider means the caller did not fence: refuse rather than risk two accounts.
        throw taken();
    }
  },
};
