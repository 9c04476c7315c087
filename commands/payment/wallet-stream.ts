// The wallet stream and the wallet as a means of payment. The payment process (process.ts) takes a wallet payment
// by debiting the wallet once per payment id (WalletDebited; the wallet stream's expected revision is what keeps
// the balance from going below 0); crypto top-ups (commands/wallet.ts) credit it through the same queue. This
// file imports neither the process nor a purchase kind.
import { DomainError } from '../../domain/shared/decider';
import type { GatewayOutcome } from '../../domain/payment/payment';
import { walletDecider, walletStream, type WalletCommand, type WalletEvent, type WalletPurchase, type WalletState } from '../../domain/wallet/wallet';
import { handle, loadStream, type CommandContext, type HandleResult } from '../handle';

/**
 * Commands on one wallet run one after another in this process (a queue per stream), so parallel purchases do
 * not fight over the stream's revision here. The guard itself is the expected revision of the append: another
 * process writing first makes this one reload and decide again against the new balance.
 */
const queues = new Map<string, Promise<unknown>>();
/** The queue is an optimisation only; tests turn it off to show the expected revision alone is the guard. */
export const walletQueue = { enabled: true };
function serialised<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).then(fn, fn);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return run;
}

/** A wallet purchase that failed for a reason other than the balance. */
export const SOMETHING_WENT_WRONG = 'something went wrong';

const CONFLICT_ATTEMPTS = 40;

/** One wallet command: decided against the current stream and appended with its expected revision. */
export async function walletCommand(
  ctx: CommandContext,
  command: WalletCommand,
  options: { queued?: boolean } = {},
): Promise<HandleResult<WalletState, WalletEvent>> {
  // Under heavy contention from other processes keep trying longer than most commands: each attempt reloads
  // the balance, so the decision is always made against what is there.
  const attempt = () => handle(ctx, walletStream(command.userId), walletDecider, command, { attempts: CONFLICT_ATTEMPTS });
  return options.queued === false || !walletQueue.enabled ? attempt() : serialised(walletStream(command.userId), attempt);
}

export async function walletBalance(ctx: CommandContext, userId: string): Promise<number> {
  return (await loadStream(ctx.store, walletStream(userId), walletDecider)).state.balanceCents;
}

/**
 * The "charge" of a wallet payment: debit the wallet once per payment id. A balance that does not cover it is a
 * decline with code INSUFFICIENT_FUNDS (no money moved).
 */
export async function chargeWallet(
  ctx: CommandContext,
  payment: { paymentId: string; userId: string; amountCents: number; purchase: WalletPurchase },
): Promise<GatewayOutcome> {
  try {
    await walletCommand(ctx, { type: 'DebitWallet', userId: payment.userId, purchaseId: payment.paymentId, purchase: payment.purchase, amountCents: payment.amountCents, at: ctx.now() });
    return { status: 'captured', gatewayTransactionId: `wallet-${payment.paymentId}` };
  } catch (e) {
    if (e instanceof DomainError && e.code === 'INSUFFICIENT_FUNDS') return { status: 'declined', failureCode: 'INSUFFICIENT_FUNDS', message: e.message, allowCascade: false };
    throw e;
  }
}

/** A staff refund of a wallet payment puts the money back, once per payment (refund id `refund-<payment id>`). */
export async function refundToWallet(ctx: CommandContext, payment: { paymentId: string; userId: string; amountCents: number }, reason: string) {
  return walletCommand(ctx, { type: 'RefundToWallet', userId: payment.userId, refundId: `refund-${payment.paymentId}`, purchaseId: payment.paymentId, amountCents: payment.amountCents, reason, at: ctx.now() });
}
