// What a confirmation says will be charged, before the fan confirms: the saved card ('Visa •••• 4242'), the
// wallet with what is left after ('wallet, $18.00 left after'), or a new card entered next.
import { formatMoney } from '../../../domain/shared/money';
import { cardName } from '../card-form/cardValidation';

export interface ChargeSourceFacts {
  fromWallet: boolean;
  /** The wallet balance (cents), when the wallet pays. */
  balanceCents: number;
  priceCents: number;
  /** The primary saved card, when a card pays (null: none saved; undefined: not known yet). */
  card: { brand: string; last4: string } | null | undefined;
}

export const cardLabel = cardName;

/** The words after "Charged to:" (null while the saved card is still being looked up). */
export function chargeSourceText(f: ChargeSourceFacts): string | null {
  if (f.fromWallet) {
    const left = f.balanceCents - f.priceCents;
    return left >= 0 ? `wallet, ${formatMoney(left)} left after` : `wallet (${formatMoney(f.balanceCents)} in it: add ${formatMoney(-left)} first)`;
  }
  if (f.card === undefined) return null;
  return f.card ? cardLabel(f.card) : 'a new card (you enter it next)';
}
