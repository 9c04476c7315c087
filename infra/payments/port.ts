// The card gateway port. The sandbox gateway implements it here; a real provider adapter implements the same.
import type { GatewayOutcome } from '../../domain/payment/payment';

export interface TokenisedCard {
  cardToken: string;
  brand: string;
  last4: string;
  expMonth: string;
  expYear: string;
  /** The provider's own fingerprint of the number, when it gives one (saved cards are told apart by it). */
  fingerprint?: string;
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
  /**
   * Gives the money of a captured charge back (refund after settlement, void before). Idempotent per charge:
   * asking again answers 'already_reversed'. The provider also sends a notice (webhook) about it.
   */
  reverse(request: { idempotencyKey: string; kind: 'refund' | 'void'; reason?: string | null }): Promise<ReverseOutcome>;
}

export type ReverseOutcome = { status: 'reversed' | 'already_reversed'; gatewayTransactionId: string } | { status: 'not_captured' };

// ---------------------------------------------------------------------------------------------------------
// The crypto gateway port (wallet top-ups): the sandbox crypto gateway implements it; a real
// provider adapter (ForumPay and the like) implements the same. Every call is idempotent by our payment id.

export interface CryptoCurrencyInfo {
  /** Ticker, e.g. 'BTC'. */
  currency: string;
  description: string;
  /** USD per coin, as the provider quotes it (decimal string). */
  rateUsd: string;
}

/** A payment the provider generated for an amount in USD: what the fan will send, in the chosen currency. */
export interface CryptoQuote {
  paymentId: string;
  currency: string;
  amountCents: number;
  /** Decimal string in the currency, e.g. '0.00030770'. */
  cryptoAmount: string;
  rateUsd: string;
  expiresAt: string;
}

/** Where and how to pay: the payment data the fan site shows. */
export interface CryptoPaymentStart extends CryptoQuote {
  address: string;
  referenceNo: string;
  /** The payment URI the QR code encodes (bitcoin:…?amount=…). */
  qr: string;
  /** The QR code as a PNG data URL. */
  qrImg: string;
  posId: string;
  statsToken: string;
  notices: { code: string; message: string }[];
}

export type CryptoProviderStatus = 'pending' | 'paid' | 'underpaid' | 'failed' | 'expired';

/** The provider's current word on a payment. `eventId` names the provider event behind it (the same id its notice carries). */
export interface CryptoStatusReport {
  paymentId: string;
  status: CryptoProviderStatus;
  /** USD value received so far, in cents. */
  receivedCents: number;
  eventId: string | null;
  reason?: string;
}

export interface CryptoGateway {
  readonly name: string;
  currencies(): Promise<CryptoCurrencyInfo[]>;
  /** Generates (or returns the already generated) payment for our payment id. */
  createPayment(request: { paymentId: string; currency: string; amountCents: number }): Promise<CryptoQuote>;
  /** Deposit address, reference and QR for a generated payment (the same ones when asked again). */
  startPayment(paymentId: string): Promise<CryptoPaymentStart>;
  /** Asks the provider about a payment (the fan's 5-second poll); null when the provider does not know it. */
  status(paymentId: string): Promise<CryptoStatusReport | null>;
}

export type NoticeType = 'charge.succeeded' | 'charge.failed' | 'charge.refunded' | 'charge.voided' | 'charge.chargeback';

/** What a card provider posts to the webhook endpoint (the sandbox's shape). `data.idempotency_key` is our payment id. */
export interface GatewayNotice {
  id: string;
  type: NoticeType | string;
  created: number;
  data: { idempotency_key: string; transaction_id: string; amount_cents: number; failure_code?: string; message?: string; allow_cascade?: boolean; reason?: string | null };
}
