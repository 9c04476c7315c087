// Card payments go to the card provider chosen in the console (Sticky.io or CCBill's REST API once switched on and
// configured, the sandbox otherwise). A saved card stays with the provider that tokenised it — its token starts
// with that provider's name — and a payment stays with the provider it was first charged at (recorded
// before the charge), so a retry, a refund or a recovery after a crash asks the same provider, whatever the
// console says by then.
import type { Database } from '../db/database';
import { DomainError } from '../../domain/shared/decider';
import { PART_REFUND_UNAVAILABLE } from '../../domain/payment/payment';
import type { CardGateway, TokenisedCard } from './port';
import { paymentRoutes } from './route-table';

export interface CardRouter extends CardGateway {
  /** The provider new cards are tokenised at now. */
  current(): Promise<string>;
  /** The provider a payment was charged at, null when none was. */
  providerOfPayment(paymentId: string): Promise<string | null>;
  /** Files a payment the fan makes on the provider's own page under that provider (before the fan is sent there). */
  claim(paymentId: string, provider: string): Promise<void>;
}

/** The sandbox's tokens carry no provider name (they predate the router). */
const DEFAULT_PROVIDER = 'sandbox';

export async function createCardRouter(
  database: Database,
  providers: Record<string, CardGateway>,
  /** The provider new cards go to (a key of `providers`). */
  chosen: () => Promise<string>,
): Promise<CardRouter> {
  const routes = await paymentRoutes(database, 'card_payments', 'card', providers);
  const named = routes.named;
  /** A provider's tokens start with its name (`ccbill:…`); a token with no known provider name is the sandbox's. */
  const providerOfToken = (cardToken: string) => {
    const at = cardToken.indexOf(':');
    const provider = at > 0 ? cardToken.slice(0, at) : '';
    return provider && providers[provider] ? provider : DEFAULT_PROVIDER;
  };
  const providerOfPayment = routes.providerOf;

  // Charges of one payment under way in this process: a second request for it (a purchase joining a pending one, a
  // retry racing the recovery) waits for the first instead of reaching the provider at the same time.
  const charging = new Map<string, Promise<Awaited<ReturnType<CardGateway['charge']>>>>();

  return {
    name: 'router',
    current: chosen,
    providerOfPayment,
    async claim(paymentId, provider) {
      named(provider);
      const recorded = await routes.pin(paymentId, provider);
      if (recorded !== provider) throw new Error(`Payment ${paymentId} was charged at ${recorded}, not ${provider}.`);
    },
    async tokenise(card): Promise<TokenisedCard> {
      const provider = await chosen();
      const t = await named(provider).tokenise(card);
      if (providerOfToken(t.cardToken) !== provider) throw new Error(`The ${provider} adapter issued a card token without its name.`);
      return t;
    },
    async charge(request) {
      const provider = providerOfToken(request.cardToken);
      named(provider);
      const recorded = await routes.pin(request.idempotencyKey, provider);
      // A payment charged at one provider is never charged at another: a different card on a retry is not charged.
      if (recorded !== provider) throw new Error(`Payment ${request.idempotencyKey} was charged at ${recorded}, not ${provider}.`);
      const under = charging.get(request.idempotencyKey);
      if (under) return under;
      const charge = named(provider).charge(request).finally(() => charging.delete(request.idempotencyKey));
      charging.set(request.idempotencyKey, charge);
      return charge;
    },
    async reverse(request) {
      return named((await providerOfPayment(request.idempotencyKey)) ?? DEFAULT_PROVIDER).reverse(request);
    },
    async refundsPartOf(idempotencyKey) {
      return !!named((await providerOfPayment(idempotencyKey)) ?? DEFAULT_PROVIDER).refundPart;
    },
    async refundPart(request) {
      const gateway = named((await providerOfPayment(request.idempotencyKey)) ?? DEFAULT_PROVIDER);
      if (!gateway.refundPart) throw new DomainError(PART_REFUND_UNAVAILABLE, 'PART_REFUND_UNAVAILABLE', 409);
      return gateway.refundPart(request);
    },
    async refundSale(request) {
      const provider = (await providerOfPayment(request.idempotencyKey)) ?? DEFAULT_PROVIDER;
      const gateway = named(provider);
      // A provider with no page of its own never makes a second sale on one payment.
      if (!gateway.refundSale) return { status: 'not_captured' as const };
      return gateway.refundSale(request);
    },
  };
}

/** An adapter whose tokens do not start with its name, filed under it: `<provider>:` before each of its tokens. */
export function namedTokens(provider: string, gateway: CardGateway): CardGateway {
  const prefix = `${provider}:`;
  const own = (cardToken: string) => (cardToken.startsWith(prefix) ? cardToken.slice(prefix.length) : cardToken);
  return {
    name: gateway.name,
    async tokenise(card) {
      const t = await gateway.tokenise(card);
      return { ...t, cardToken: prefix + t.cardToken };
    },
    charge: (request) => gateway.charge({ ...request, cardToken: own(request.cardToken) }),
    reverse: (request) => gateway.reverse(request),
    ...(gateway.refundPart ? { refundPart: gateway.refundPart.bind(gateway) } : {}),
  };
}
