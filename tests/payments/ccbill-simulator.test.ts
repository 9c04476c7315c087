// The CCBill simulator's REST and DataLink surfaces as CCBill documents them (other suites rely on these shapes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCcbillSimulator, type CcbillSimulator } from '../simulators/ccbill/server';

let sim: CcbillSimulator;
const V1 = 'application/vnd.mcn.transaction-service.api.v.1+json';
const V2 = 'application/vnd.mcn.transaction-service.api.v.2+json';

beforeAll(async () => {
  sim = await startCcbillSimulator({ bearerTtlSeconds: 60 });
});
afterAll(async () => {
  await sim.close();
});

async function bearer(): Promise<string> {
  const res = await fetch(`${sim.base}/ccbill-auth/oauth/token`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from('sim-app:sim-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
  const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number };
  expect(body).toMatchObject({ token_type: 'bearer', expires_in: 60 });
  return body.access_token;
}
const json = (token: string, accept = V2) => ({ authorization: `Bearer ${token}`, accept, 'content-type': 'application/json' });
const tokenBody = { clientAccnum: 900100, clientSubacc: 1, subscriptionId: 0, customerInfo: { email: 'a@b.c', customerFname: 'Ann' }, paymentInfo: { creditCardPaymentInfo: { cardNum: '4473707989493598', nameOnCard: 'Ann', expMonth: '04', expYear: '2030', cvv2: '444' } } };

describe('CCBill simulator REST', () => {
  it('refuses wrong media types (406, 415) and a missing or expired bearer (401, no body)', async () => {
    const token = await bearer();
    expect((await fetch(`${sim.base}/payment-tokens/merchant-only`, { method: 'POST', headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' }, body: '{}' })).status).toBe(406);
    const r415 = await fetch(`${sim.base}/payment-tokens/merchant-only`, { method: 'POST', headers: { ...json(token), 'content-type': 'text/plain' }, body: '{}' });
    expect(r415.status).toBe(415);
    expect(await r415.json()).toMatchObject({ errorCode: 100004 });
    sim.advanceClock(61_000);
    const expired = await fetch(`${sim.base}/payment-tokens/abc`, { headers: json(token) });
    expect(expired.status).toBe(401);
    expect(await expired.text()).toBe('');
  });

  it('single-use tokens: the second charge is 400 100102, the listing shows the one sale; v1 answers the id as a number', async () => {
    const token = await bearer();
    const created = (await (await fetch(`${sim.base}/payment-tokens/merchant-only-verify`, { method: 'POST', headers: json(token), body: JSON.stringify({ ...tokenBody, validNumberOfUse: 1, timeToLive: 1 }) })).json()) as Record<string, unknown>;
    expect(created).toMatchObject({ validNumberOfUse: 1, timeToLive: 1, cvv2Response: 'M' });
    const id = created.paymentTokenId as string;
    const body = JSON.stringify({ clientAccnum: 900100, clientSubacc: 1, initialPrice: 9.99, initialPeriod: 0, currencyCode: 840, passThroughInfo: [{ name: 'payment_id', value: 'p1' }] });
    const first = (await (await fetch(`${sim.base}/transactions/payment-tokens/${id}`, { method: 'POST', headers: json(token), body })).json()) as Record<string, unknown>;
    expect(first).toMatchObject({ approved: true, declineCode: null });
    expect(typeof first.subscriptionId).toBe('string');
    const second = await fetch(`${sim.base}/transactions/payment-tokens/${id}`, { method: 'POST', headers: json(token), body });
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ errorCode: 100102 });
    const listing = await fetch(`${sim.base}/transactions/payment-tokens/${id}?clientAccnum=900100&clientSubacc=0001`, { headers: json(token) });
    expect(await listing.json()).toEqual([{ clientAccnum: 900100, clientSubacc: 1, subscriptionId: first.subscriptionId }]);
    const v1 = await (await fetch(`${sim.base}/transactions/payment-tokens/${id}`, { headers: json(token, V1) })).text();
    expect(v1).toContain(`"subscriptionId":${String(first.subscriptionId).replace(/^0+/, '')}`);
    expect(sim.outbox.at(-1)).toMatchObject({ eventType: 'UpSaleSuccess', fields: { 'X-payment_id': 'p1', source: 'API' } });
  });

  it('validates the card fields by name and answers a planned 500 with 100103', async () => {
    const token = await bearer();
    const bad = await fetch(`${sim.base}/payment-tokens/merchant-only`, { method: 'POST', headers: json(token), body: JSON.stringify({ ...tokenBody, paymentInfo: { creditCardPaymentInfo: { cardNum: '12', expMonth: '13', expYear: '30' } } }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['cardNum', 'expMonth', 'expYear']);
    sim.fail('charge', 'http500');
    const r = await fetch(`${sim.base}/transactions/payment-tokens/abcdef`, { method: 'POST', headers: json(token), body: '{}' });
    expect(r.status).toBe(500);
    expect(await r.json()).toMatchObject({ errorCode: 100103 });
  });
});

describe('CCBill simulator DataLink', () => {
  const dl = (params: Record<string, string>) => fetch(`${sim.endpoints.datalink}?${new URLSearchParams({ clientAccnum: '900100', usingSubacc: '0001', username: 'dluser', password: 'dlpass', ...params })}`).then((r) => r.text());

  it('answers CSV by default and XML with returnXML=1, with its codes', async () => {
    const sale = [...sim.sales.keys()][0];
    expect(await dl({ action: 'viewSubscriptionStatus', subscriptionId: sale })).toMatch(/^"cancelDate","signupDate",.*\n"",".*"\n$/);
    expect(await dl({ action: 'cancelSubscription', subscriptionId: sale, returnXML: '1' })).toBe(`<?xml version='1.0' standalone='yes'?><results>1</results>`);
    expect(await dl({ action: 'cancelSubscription', subscriptionId: sale })).toBe('"results"\n"0"\n');
    expect(await dl({ action: 'cancelSubscription', subscriptionId: '0999', returnXML: '1' })).toContain('<results>-3</results>');
    expect(await dl({ action: 'cancelSubscription', subscriptionId: sale, password: 'wrong', returnXML: '1' })).toContain('<results>-1</results>');
    expect(await dl({ action: 'explode', subscriptionId: sale, returnXML: '1' })).toContain('<results>-6</results>');
    sim.config.datalinkAllowedIps = ['10.0.0.1'];
    expect(await dl({ action: 'cancelSubscription', subscriptionId: sale, returnXML: '1' })).toContain('<results>-8</results>');
  });
});
