// The card gateway port. The sandbox gateway implements it here; a real provider adapter implements the same.
import type { GatewayOutcome } from '../../domain/payment/payment';

export interface TokenisedCard {
  cardToken: string;
  brand: string;
  last4: string;
  expMonth: string;
  expYear: string;
}

export interface CardGateway {
  readonly name: string;
  /** Hands the card number and CVV to the provider; we get back a token and keep only brand, last 4, expiry. */
  tokenise(card: { number: string; cvv: string; expMonth: string; expYear: string; holderName: string }): Promise<TokenisedCard>;
  /**
   * Charges a tokenised card. `idempotencyKey` is our payment id: asking again with the same key returns
   * the first outcome and never charges twice (this is what crash recovery relies on).
   */
  charge(request: { idempotencyKey: string; cardToken: string; amountCents: number; currency: 'USD'; description: string }): Promise<GatewayOutcome>;
}
