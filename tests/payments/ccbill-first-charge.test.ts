// A newly saved CCBill card's first charge, when CCBill does it late: the request gets no answer, the retry under
// the same payment id finds no sale yet and charges, and only then does CCBill carry out the first request. The
// card's token is single-use, so the late request is refused and the payment is paid once. A second payment on the
// same new card while the first is unanswered waits (unknown, nothing charged), then pays with a token of its own.
// The adapter against the CCBill simulator over real HTTP, its books in PGlite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../infra/db/database';
import { createCcbillProvider } from '../../infra/payments/ccbill/provider';
import { ChargeOutcomeUnknown, type CardProvider } from '../../infra/payments/port';
import { startCcbillSimulator, type CcbillSimulator } from '../simulators/ccbill/server';

let database: Database;
let sim: CcbillSimulator;
let provider: CardProvider;

const newCard = async () => (await provider.tokenise({ number: '4473707989493598', cvv: '400', expMonth: '04', expYear: '2030', holderName: 'Tyler Thomas' })).cardToken;
const charge = (idempotencyKey: string, cardToken: string, amountCents = 999) => provider.charge({ idempotencyKey, cardToken, amountCents, currency: 'USD', description: 'Tip' });
const salesOf = (paymentId: string) => [...sim.sales.values()].filter((s) => s.passThrough.payment_id === paymentId);

beforeAll(async () => {
  database = await openPglite(undefined);
  sim = await startCcbillSimulator();
  const c = sim.config;
  const settings = {
    clientAccnum: c.clientAccnum, clientSubacc: c.clientSubacc, flexId: c.flexId, salt: c.salt, restAppId: c.appId, restSecret: c.secret,
    datalinkUsername: c.datalinkUsername, datalinkPassword: c.datalinkPassword, liveMode: false,
  };
  provider = createCcbillProvider({ database, settings: async () => settings, endpoints: sim.endpoints, timeoutMs: 400 });
}, 120_000);
afterAll(async () => {
  await sim?.close();
  await database?.close();
});

describe("a new CCBill card's first charge", () => {
  it('lost answer, the retry charges, then CCBill does the first request late: refused, one sale', async () => {
    const card = await newCard();
    sim.fail('charge', 'commitLate');
    await expect(charge('first-late', card)).rejects.toBeInstanceOf(ChargeOutcomeUnknown);
    expect(salesOf('first-late')).toHaveLength(0);
    const retry = await charge('first-late', card);
    expect(retry.status).toBe('captured');
    // CCBill now does the request it held: the card's token is spent, so no second sale.
    expect(sim.commitLate()).toEqual([null]);
    expect(salesOf('first-late')).toHaveLength(1);
    expect(await provider.lookup('first-late')).toEqual(retry);
  });

  it('late the other way round: CCBill does the held request before the retry, which finds that sale instead of charging', async () => {
    const card = await newCard();
    sim.fail('charge', 'commitLate');
    await expect(charge('first-late-2', card)).rejects.toBeInstanceOf(ChargeOutcomeUnknown);
    const [late] = sim.commitLate();
    expect(late?.passThrough.payment_id).toBe('first-late-2');
    const retry = await charge('first-late-2', card);
    expect(retry).toEqual({ status: 'captured', gatewayTransactionId: late?.subscriptionId });
    expect(salesOf('first-late-2')).toHaveLength(1);
  });

  it('another payment on the same new card while the first is unanswered waits, then pays with a token minted from the first sale', async () => {
    const card = await newCard();
    sim.fail('charge', 'commitLate');
    await expect(charge('card-first', card)).rejects.toBeInstanceOf(ChargeOutcomeUnknown);
    const requests = sim.counts.chargeRequests;
    await expect(charge('card-second', card, 500)).rejects.toBeInstanceOf(ChargeOutcomeUnknown);
    expect(sim.counts.chargeRequests).toBe(requests);
    const [late] = sim.commitLate();
    expect(late).not.toBeNull();
    const second = await charge('card-second', card, 500);
    expect(second.status).toBe('captured');
    const first = await charge('card-first', card);
    expect(first).toEqual({ status: 'captured', gatewayTransactionId: late?.subscriptionId });
    expect(salesOf('card-first')).toHaveLength(1);
    expect(salesOf('card-second')).toHaveLength(1);
    expect(salesOf('card-second')[0].paymentTokenId).not.toBe(salesOf('card-first')[0].paymentTokenId);
  });

  it('a declined first charge hands the card to the next payment, which is charged at most once', async () => {
    const card = await newCard();
    sim.fail('charge', 'decline');
    expect((await charge('declined-first', card)).status).toBe('declined');
    const next = await charge('after-decline', card);
    // The decline spent the single-use token at the simulator: the fan is asked for the card again, nothing charged.
    expect(next).toEqual({ status: 'declined', failureCode: '100102', message: 'The card could not be charged; please enter it again.', allowCascade: true });
    expect(salesOf('after-decline')).toHaveLength(0);
    expect(await charge('after-decline', card)).toEqual(next);
  });

  it('calls under one payment at the same time (two processes, a joined purchase): one reaches CCBill, the other is told to read the outcome later', async () => {
    const card = await newCard();
    expect((await charge('saved-card-first', card)).status).toBe('captured');
    const answers = await Promise.allSettled(Array.from({ length: 6 }, () => charge('same-payment', card, 700)));
    expect(salesOf('same-payment')).toHaveLength(1);
    for (const a of answers) {
      if (a.status === 'fulfilled') expect(a.value.status).toBe('captured');
      else expect(a.reason).toBeInstanceOf(ChargeOutcomeUnknown);
    }
    expect((await charge('same-payment', card, 700)).status).toBe('captured');
    expect(salesOf('same-payment')).toHaveLength(1);
  });
});

describe('CCBill cards saved before tokens were single-use', () => {
  /** A card token as CCBill made it before: reusable, with no record of single use in our books. */
  const oldCard = (uses = 2147483647) => {
    const id = Math.random().toString(16).slice(2).padEnd(32, '0').slice(0, 32);
    sim.tokens.set(id, { paymentTokenId: id, cardNum: '4473707989493598', cvv2: null, nameOnCard: 'Old Card', expMonth: '04', expYear: '2030', email: 'old@example.com', createdAt: Date.now(), timeToLive: 2147483647, validNumberOfUse: uses, uses: 0, sourceSubscriptionId: null });
    return id;
  };

  it('never sold: not charged with its reusable token; declined so the fan enters the card again (the same answer on a retry)', async () => {
    const token = oldCard();
    const requests = sim.counts.chargeRequests;
    const answer = await charge('old-never-sold', `ccbill:${token}`);
    expect(answer).toEqual({ status: 'declined', failureCode: 'CARD_NEEDS_RENEWAL', message: 'Please enter your card again to pay with it.', allowCascade: true });
    expect(await charge('old-never-sold', `ccbill:${token}`)).toEqual(answer);
    expect(sim.counts.chargeRequests).toBe(requests);
    expect(sim.tokens.get(token)!.uses).toBe(0);
  });

  it('sold before: swapped for a single-use token minted from its first sale, never charged itself again', async () => {
    const token = oldCard();
    const earlier = '0117240102000000555';
    sim.sales.set(earlier, { subscriptionId: earlier, transactionId: earlier, paymentTokenId: token, amountCents: 500, passThrough: {}, cancelled: false, refunds: 0, voids: 0, createdAt: Date.now() });
    const first = await charge('old-sold-1', `ccbill:${token}`, 700);
    expect(first.status).toBe('captured');
    const second = await charge('old-sold-2', `ccbill:${token}`, 800);
    expect(second.status).toBe('captured');
    for (const id of ['old-sold-1', 'old-sold-2']) {
      const [sale] = salesOf(id);
      expect(sale.paymentTokenId).not.toBe(token);
      expect(sim.tokens.get(sale.paymentTokenId!)).toMatchObject({ validNumberOfUse: 1, sourceSubscriptionId: earlier });
    }
    expect(sim.tokens.get(token)!.uses).toBe(0);
  });

  it('saved single-use before the books kept a note of it: CCBill says so, and its first charge uses it', async () => {
    const token = oldCard(1);
    expect((await charge('old-single-use', `ccbill:${token}`)).status).toBe('captured');
    expect(salesOf('old-single-use')[0].paymentTokenId).toBe(token);
  });
});
