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
  /**
   * Refunds one sale the provider names (`reference`) made for our payment `idempotencyKey`: a second sale on
   * its own payment page. Idempotent per sale: asking again answers 'already_reversed'. Only providers with a
   * payment page of their own have it.
   */
  /**
   * Gives back part of a captured charge (`amountCents`, at most what is left of it). Idempotent per `refundKey`:
   * asking again answers 'already_reversed'. Providers that cannot refund part of a sale leave it out.
   */
  refundPart?(request: { idempotencyKey: string; refundKey: string; amountCents: number; reason?: string | null }): Promise<ReverseOutcome>;
  /**
   * Whether part of this payment can be given back (asked before anything is recorded). A router answers for the
   * provider that took the payment; left out, `refundPart` being there is the answer.
   */
  refundsPartOf?(idempotencyKey: string): Promise<boolean>;
  refundSale?(request: { idempotencyKey: string; reference: string; reason?: string | null }): Promise<ReverseOutcome>;
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

/** Who pays a crypto payment: our user id, and what the provider may check it against. */
export interface CryptoPayer {
  id: string;
  email?: string;
  ipAddress?: string;
  userAgent?: string;
}

export interface CryptoGateway {
  readonly name: string;
  currencies(): Promise<CryptoCurrencyInfo[]>;
  /** Generates (or returns the already generated) payment for our payment id. */
  createPayment(request: { paymentId: string; currency: string; amountCents: number }): Promise<CryptoQuote>;
  /** Deposit address, reference and QR for a generated payment (the same ones when asked again). `payer` is the fan
   *  paying, for the provider's own checks. */
  startPayment(paymentId: string, payer?: CryptoPayer): Promise<CryptoPaymentStart>;
  /** Asks the provider about a payment (the fan's 5-second poll); null when the provider does not know it. */
  status(paymentId: string): Promise<CryptoStatusReport | null>;
}

export type NoticeType = 'charge.succeeded' | 'charge.failed' | 'charge.refunded' | 'charge.voided' | 'charge.chargeback';

/** What a card provider posts to the webhook endpoint (the sandbox's shape). `data.idempotency_key` is our payment id. */
export interface GatewayNotice {
  id: string;
  type: NoticeType | string;
  created: number;
  data: {
    idempotency_key: string; transaction_id: string; amount_cents: number; failure_code?: string; message?: string; allow_cascade?: boolean; reason?: string | null;
    /** The currency the provider billed in, when it is not US dollars (ISO code, or the provider's own). */
    currency?: string;
    /** Days a renewal paid for, when the provider says. */
    period_days?: number;
    /**
     * For a refund, void or chargeback: the provider's id of the sale it gives back, when the notice names one apart
     * from its own transaction (CCBill's subscription id). A second sale of a page paid twice is told apart by it.
     */
    sale_reference?: string;
  };
}

// ---------------------------------------------------------------------------------------------------------
// What real providers add to the card port. None of CCBill, Sticky.io or ForumPay takes an idempotency key, so
// an adapter keeps `charge`'s promise itself: it records the attempt (our payment id → the provider reference
// it will be filed under) before calling, and when asked again for the same key it reads the provider's books
// (`lookup`) before it would ever charge again. An adapter never grants anything: it only answers and
// translates notices; the purchase pipeline (commands/payment) decides.

/** A request as a provider sent it, for a notice verifier: the exact bytes and where they came from. */
export interface ProviderRequest {
  method: string;
  /** Query string parameters (CCBill sends the event type there). */
  query: Record<string, string>;
  headers: Record<string, string | undefined>;
  rawBody: string;
  /** The sender's address, as the trusted proxy reported it (CCBill and ForumPay publish theirs). */
  sourceIp: string;
}

/**
 * A provider's notice, checked and put in our words. Checking may call the provider back (ForumPay's notice only
 * says "look again"; a CCBill cancel can be re-read with DataLink). `notices` is empty for a ping or a test post.
 */
export type VerifiedNotices = { ok: true; notices: GatewayNotice[]; answer?: unknown } | { ok: false; reason: string };

export interface NoticeVerifier {
  readonly provider: string;
  verify(request: ProviderRequest): Promise<VerifiedNotices>;
}

/** The buyer, as a hosted form is pre-filled with. */
export interface CheckoutCustomer {
  email: string;
  firstName?: string;
  lastName?: string;
  country?: string;
}

/**
 * Card payments on the provider's own page (CCBill FlexForms): the fan is sent there and comes back; the payment
 * stays requested until the provider's notice (or a status read) says captured or declined.
 */
export interface HostedCheckout {
  readonly provider: string;
  checkoutUrl(request: {
    /** Our payment id, carried through the form so the notice names it. */
    paymentId: string;
    amountCents: number;
    currency: 'USD';
    /** Days the first charge pays for (a one-time purchase still names one: CCBill's 2–365). */
    initialPeriodDays: number;
    recurring: { amountCents: number; periodDays: number; rebills: number } | null;
    customer: CheckoutCustomer;
  }): string;
}

/**
 * Payments taken on the provider's own page, as the purchase pipeline starts them: the payment is filed under the
 * provider (refunds and recovery ask it) and the fan gets the page's address. The same payment always gets the
 * same address, so a retried request never opens a second sale.
 */
export interface HostedCardPayments {
  readonly provider: string;
  /** What is missing before fans can be sent to the provider's page (null: ready). */
  missing(): Promise<string | null>;
  begin(request: Parameters<HostedCheckout['checkoutUrl']>[0]): Promise<string>;
  /** Where a card holder changes the card the provider bills a recurring membership with. */
  cardUpdateUrl(): string;
}

/** Money a provider holds a different view of than our log: the ledger names each. */
export interface ProviderBookEntry {
  /** Our payment id, as echoed back by the provider (null when it names none of ours). */
  paymentId: string | null;
  providerReference: string;
  status: 'captured' | 'refunded' | 'voided' | 'chargeback' | 'declined';
  amountCents: number;
}

/** The parts of a real card provider beyond tokenise/charge/reverse. */
export interface CardProvider extends CardGateway {
  /**
   * The provider's word on the attempt filed under our payment id: its outcome, or null when no charge was made
   * under it. Called instead of charging again after a timeout or a crash.
   */
  lookup(idempotencyKey: string): Promise<GatewayOutcome | null>;
  /** Stops a subscription's rebills at the provider (the paid time runs on); idempotent. */
  cancelRecurring(request: { idempotencyKey: string }): Promise<{ status: 'cancelled' | 'already_cancelled' | 'not_found' }>;
  /** Checks the saved credentials with one harmless call; says what the provider answered. */
  testConnection(): Promise<{ ok: boolean; message: string }>;
  /** What the provider says it captured, refunded and charged back since `sinceIso` (the ledger compares). */
  books?(sinceIso: string): Promise<ProviderBookEntry[]>;
}

/**
 * The provider could not tell whether the charge happened (timeout, connection reset, HTTP 500). The payment
 * stays requested; recovery asks again, and the adapter's `lookup` answers before anything is charged twice.
 */
export class ChargeOutcomeUnknown extends Error {
  readonly code = 'CHARGE_OUTCOME_UNKNOWN';
  constructor(readonly provider: string, message: string) {
    super(message);
    this.name = 'ChargeOutcomeUnknown';
  }
}

/** The provider declined the card when it was saved (its check charge or authorisation): the card is not saved. */
export class CardRefused extends Error {
  readonly code = 'CARD_REFUSED';
  constructor(
    readonly outcome: Extract<GatewayOutcome, { status: 'declined' }>,
    /** The card form's field at fault. */
    readonly field: string = 'cardNumber',
  ) {
    super(outcome.message);
    this.name = 'CardRefused';
  }
}
