// A locked post bought on the provider's page with an email only (no account needed, none revealed):
//   - the request records the guest purchase under a payment id derived from its Idempotency-Key and sends the
//     buyer to the provider's page with the email filled in; the answer is the same whether or not the email has
//     an account, and nothing is held for anyone meanwhile;
//   - the provider's verified sale finds the account for the email or creates one (with a password nobody knows:
//     the buyer sets one through the emailed link, the password-reset machinery), then the unlock is recorded as an
//     ordinary hosted payment of that account under the same payment id, so the capture and the ledger treat it
//     like any other; a repeated notice does nothing more;
//   - a declined page, a page given up (older than the hosted form's time), a sale of another amount, an account
//     that may not buy (blocked, deleted) or an unlock the rules refuse: nothing is granted, a sale is refunded at
//     the provider, and the guest purchase's record says why.
import { DomainError } from '../domain/shared/decider';
import { ValidationError, isValidEmail, normaliseEmail } from '../domain/shared/validation';
import { PROMOTION_EXPIRED } from '../domain/promotion/promotion';
import { postDecider, postStream } from '../domain/post/post';
import { unlockDecider } from '../domain/unlock/unlock';
import { paymentDecider, paymentStream } from '../domain/payment/payment';
import { memberDecider, memberStream } from '../domain/member/member';
import { userDecider, userStream } from '../domain/user/user';
import {
  GUEST_SET_PASSWORD_TTL_MS, guestAccountName, guestPageExpired, guestPurchaseDecider, guestPurchaseStream, type GuestPurchaseState,
} from '../domain/guest-purchase/guest-purchase';
import type { Secrets } from '../infra/auth/port';
import type { GatewayNotice, HostedCardPayments } from '../infra/payments/port';
import { claimEmail, userIdForEmail } from './accounts';
import { derivedId, handle, loadStream, type CommandContext } from './handle';
import { hostedReady, ONE_TIME_PERIOD_DAYS, returnPath, type HostedStart } from './hosted-purchases';
import { refundSaleOf, type HostedNoticeResult } from './hosted-notices';
import { pay } from './payment/pay';
import type { PurchaseDeps } from './payment/process';
import { postUnlockPurchase } from './payment/kinds/post-unlock';

export interface GuestPurchaseRequest {
  email: string;
  postId: string;
  confirmedAmountCents: number;
  /** A locked-content promotion asked for: promotions are for members, so a guest's is always refused. */
  applyPromotion: boolean;
}

/** Starts a guest purchase and answers where the buyer goes next (the provider's page while it waits). */
export async function startGuestPurchase(ctx: CommandContext, hosted: HostedCardPayments, input: GuestPurchaseRequest): Promise<HostedStart> {
  const email = normaliseEmail(input.email);
  if (email === '') throw new ValidationError('email', 'Please enter an email.');
  if (!isValidEmail(email)) throw new ValidationError('email', 'Please enter a valid email.');
  if (input.applyPromotion) throw new DomainError(PROMOTION_EXPIRED, 'PROMOTION_EXPIRED', 410, { field: 'promotion_id' });
  await hostedReady(hosted);
  const post = (await loadStream(ctx.store, postStream(input.postId), postDecider)).state;
  const paymentId = ctx.idFor('payment');
  // The unlock's own rules (the post is for sale, at this price), decided for a buyer who owns nothing yet.
  unlockDecider.decide(
    { type: 'RequestUnlock', postId: input.postId, userId: paymentId, paymentId, confirmedAmountCents: input.confirmedAmountCents, post, viewer: { isStaff: false, isSubscriber: false, boughtAsGuest: true }, at: ctx.now() },
    unlockDecider.initialState(),
  );
  const { state } = await handle(ctx, guestPurchaseStream(paymentId), guestPurchaseDecider, {
    type: 'RequestGuestPurchase', paymentId, email, postId: input.postId, amountCents: post.priceCents, promotionId: null, provider: hosted.provider, at: ctx.now(),
  });
  if (state.status !== 'requested' || guestPageExpired(state.requestedAt!, ctx.now())) {
    const payment = (await loadStream(ctx.store, paymentStream(paymentId), paymentDecider)).state;
    return { paymentId, url: returnPath(paymentId), status: payment.status === 'none' ? 'failed' : payment.status };
  }
  const url = await hosted.begin({
    paymentId, amountCents: state.amountCents, currency: 'USD', initialPeriodDays: ONE_TIME_PERIOD_DAYS, recurring: null, customer: { email },
  });
  return { paymentId, url, status: 'requested' };
}

/** The mail that goes to the buyer for whom an account was made: a link to set a password. */
export interface GuestWelcome {
  userId: string;
  email: string;
  name: string;
  token: string;
  postId: string;
}

export interface GuestSaleOutcome {
  /** The notice's outcome when this step decided it (nothing granted); null: the payment's notice handling goes on. */
  result: HostedNoticeResult | null;
  welcome: GuestWelcome | null;
}

const money = (cents: number) => `${(cents / 100).toFixed(2)} USD`;

/**
 * A provider's notice about a guest purchase, before the payment's own handling: for a sale, the account and the
 * hosted payment are put in place (the notice then captures it as usual). Null when the notice is not about one.
 */
export async function settleGuestNotice(ctx: CommandContext, deps: PurchaseDeps, secrets: Secrets, provider: string, notice: GatewayNotice): Promise<GuestSaleOutcome | null> {
  const paymentId = notice.data?.idempotency_key;
  if (typeof paymentId !== 'string' || paymentId === '') return null;
  const stream = guestPurchaseStream(paymentId);
  const guest = (await loadStream(ctx.store, stream, guestPurchaseDecider)).state;
  if (guest.status === 'none') return null;
  const release = async (reason: 'declined' | 'abandoned' | 'refused', problem: string | null) => {
    await handle(ctx, stream, guestPurchaseDecider, { type: 'ReleaseGuestPurchase', reason, problem, at: ctx.now() });
  };
  // The money goes back to the card holder; nothing is granted for it.
  const refuse = async (problem: string, reason: 'abandoned' | 'refused' = 'refused'): Promise<GuestSaleOutcome> => {
    await refundSaleOf(deps.gateway, paymentId, notice, problem);
    await release(reason, problem);
    return { result: { result: 'refused', problem: `${problem}; refunded at the provider` }, welcome: null };
  };

  if (notice.type === 'charge.failed') {
    if (guest.status !== 'requested') return null;
    await release('declined', notice.data.failure_code ?? null);
    return { result: { result: 'applied' }, welcome: null };
  }
  if (notice.type !== 'charge.succeeded') return null;
  if ((await loadStream(ctx.store, paymentStream(paymentId), paymentDecider)).state.status !== 'none') return null;
  if (guest.status === 'released') return refuse('the buyer paid after the guest purchase had ended');
  if (guest.status === 'requested') {
    if (guestPageExpired(guest.requestedAt!, ctx.now())) return refuse('the buyer paid after the payment page had been given up', 'abandoned');
    const currency = notice.data.currency ?? 'USD';
    if (notice.data.amount_cents !== guest.amountCents || currency !== 'USD')
      return refuse(`the provider took ${(notice.data.amount_cents / 100).toFixed(2)} ${currency} for a payment of ${money(guest.amountCents)}`);
  }
  const account = guest.status === 'matched' ? { userId: guest.userId!, created: guest.created } : await accountFor(ctx, secrets, guest);
  const member = (await loadStream(ctx.store, memberStream(account.userId), memberDecider)).state;
  if (member.blocked || member.deleted) return refuse(`the account for this email is ${member.deleted ? 'deleted' : 'blocked'}`);
  const user = (await loadStream(ctx.store, userStream(account.userId), userDecider)).state;
  let welcome: GuestWelcome | null = null;
  if (guest.status === 'requested') await handle(ctx, stream, guestPurchaseDecider, { type: 'MatchGuestPurchase', userId: account.userId, created: account.created, at: ctx.now() });
  // The link to set a password, once per account made (a retry after a crash before it was granted grants it then).
  if (account.created && !user.passwordReset) {
    const token = secrets.newSessionToken();
    const grant = { tokenHash: secrets.hashToken(token), expiresAt: new Date(Date.parse(ctx.now()) + GUEST_SET_PASSWORD_TTL_MS).toISOString() };
    await handle(ctx, userStream(account.userId), userDecider, { type: 'RequestPasswordReset', grant, at: ctx.now() });
    welcome = { userId: account.userId, email: guest.email!, name: user.name ?? '', token, postId: guest.postId! };
  }
  try {
    await pay(ctx, deps, postUnlockPurchase, {
      userId: account.userId, role: user.role ?? 'user', postId: guest.postId!, confirmedAmountCents: guest.amountCents, applyPromotion: false, guest: { paymentId },
    }, { method: 'hosted', provider });
  } catch (e) {
    if (!(e instanceof DomainError) || e.status >= 500 || e.code === 'CONCURRENT_UPDATE') throw e;
    // The unlock's rules refuse it for this account (bought already, staff, the post withdrawn meanwhile).
    return { ...(await refuse(`the unlock was refused: ${e.message}`)), welcome };
  }
  return { result: null, welcome };
}

/** The account for the guest purchase's email, or a new one made for it (the same id on every retry). */
async function accountFor(ctx: CommandContext, secrets: Secrets, guest: GuestPurchaseState): Promise<{ userId: string; created: boolean }> {
  const email = guest.email!;
  const existing = await userIdForEmail(ctx, email);
  const newId = derivedId('guest-account', guest.paymentId!);
  if (existing && existing !== newId && (await loadStream(ctx.store, userStream(existing), userDecider)).state.userId) return { userId: existing, created: false };
  const made = (await loadStream(ctx.store, userStream(newId), userDecider)).state;
  if (made.userId) return { userId: newId, created: true };
  await claimEmail(ctx, email, newId);
  // Nobody knows this password: the buyer sets one through the emailed link.
  const passwordHash = await secrets.hashPassword(secrets.newSessionToken());
  await handle(ctx, userStream(newId), userDecider, { type: 'RegisterUser', userId: newId, email, name: guestAccountName(email), passwordHash, role: 'user', at: ctx.now() });
  return { userId: newId, created: true };
}
