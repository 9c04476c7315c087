// Crypto as a means of payment: the money reaches the crypto provider first, and its word (a signed notice, a
// status read, or staff settling an underpaid payment) is recorded on the crypto payment's own stream
// (domain/wallet/crypto-topup). The payment process "takes" a crypto payment by reading that record: paid means
// captured, with what confirmed it as the transaction id. Nothing is charged here, so asking again after a crash
// changes nothing. This file imports neither the process nor a purchase kind.
import type { GatewayOutcome } from '../../domain/payment/payment';
import { cryptoPaymentDecider, cryptoPaymentStream } from '../../domain/wallet/crypto-topup';
import { loadStream, type CommandContext } from '../handle';

/** The capture of a crypto payment the provider reported paid; null while it is not (nothing to record yet). */
export async function cryptoCapture(ctx: CommandContext, paymentId: string): Promise<GatewayOutcome | null> {
  const { state } = await loadStream(ctx.store, cryptoPaymentStream(paymentId), cryptoPaymentDecider);
  if (state.status !== 'paid') return null;
  return { status: 'captured', gatewayTransactionId: state.paidBy ?? `crypto-${paymentId}` };
}
