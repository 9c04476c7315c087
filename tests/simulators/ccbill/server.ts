// A local CCBill for tests: FlexForms with Dynamic Pricing, webhooks, the RESTful Transaction API (OAuth, payment
// tokens, charges, the sales listing) and DataLink, speaking CCBill's own paths, field names and codes on
// 127.0.0.1. Tests drive it through the returned object: fault plans, the clock, the outbox of webhooks.
// Behaviour CCBill does not document is chosen here and named as such (see the README beside this file).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault = 'decline' | 'http500' | 'reset' | 'timeoutAfterCommit' | 'hang' | 'commitLate';
export type FaultTarget = 'oauth' | 'token' | 'charge' | 'datalink';

export interface SimulatorOptions {
  clientAccnum?: string;
  clientSubacc?: string;
  flexId?: string;
  salt?: string;
  appId?: string;
  secret?: string;
  datalinkUsername?: string;
  datalinkPassword?: string;
  /** Callers DataLink answers (others get -8). */
  datalinkAllowedIps?: string[];
  /** Seconds a bearer token lives. */
  bearerTtlSeconds?: number;
  webhook?: { url: string; format: 'json' | 'urlencoded'; localAddress?: string } | null;
  approvalUrl?: string;
  denialUrl?: string;
  /** How the sale digest is made: CCBill's id form (default) or the form's own formDigest (seen in sandbox). */
  saleDigest?: 'id' | 'formDigest';
}

export interface SimPaymentToken {
  paymentTokenId: string;
  cardNum: string | null;
  cvv2: string | null;
  nameOnCard: string;
  expMonth: string;
  expYear: string;
  email: string;
  createdAt: number;
  timeToLive: number;
  validNumberOfUse: number;
  uses: number;
  sourceSubscriptionId: string | null;
}

export interface SimSale {
  subscriptionId: string;
  transactionId: string;
  paymentTokenId: string | null;
  amountCents: number;
  passThrough: Record<string, string>;
  cancelled: boolean;
  refunds: number;
  voids: number;
  createdAt: number;
}

export interface SimNotice {
  id: string;
  eventType: string;
  fields: Record<string, string>;
  attempts: number;
  statuses: number[];
  delivered: boolean;
}

const md5 = (t: string) => createHash('md5').update(t).digest('hex');
/** 19-digit ids that start with "0", as CCBill's do. */
const ccbillId = () => `0${String(Date.now()).slice(-9)}${String(randomBytes(4).readUInt32BE(0)).padStart(10, '0').slice(0, 9)}`;
const text2 = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
/** A REST request body as CCBill receives it: any field may be missing or of another type, so each is unknown until read. */
interface TokenRequest {
  clientAccnum?: unknown; clientSubacc?: unknown; subscriptionId?: unknown; timeToLive?: unknown; validNumberOfUse?: unknown;
  paymentInfo?: { creditCardPaymentInfo?: Record<string, unknown> }; customerInfo?: Record<string, unknown>;
}
interface ChargeRequest { initialPrice?: unknown; initialPeriod?: unknown; currencyCode?: unknown; passThroughInfo?: unknown }

const toCents = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && /^\d+(\.\d{1,2})?$/.test(v)) ? Math.round(Number(v) * 100) : null);
const V1 = 'application/vnd.mcn.transaction-service.api.v.1+json';
const V2 = 'application/vnd.mcn.transaction-service.api.v.2+json';
const ERROR_TYPE = 'application/vnd.com.cwie.error.v1+json';
const FORM_FIELDS = new Set(['clientAccnum', 'clientSubacc', 'initialPrice', 'initialPeriod', 'recurringPrice', 'recurringPeriod', 'numRebills', 'currencyCode', 'formDigest', 'email', 'customer_fname', 'customer_lname', 'address1', 'city', 'state', 'zipcode', 'country', 'phone_number']);
const CURRENCIES = new Set(['840', '978', '826', '124', '036', '392']);

export async function startCcbillSimulator(options: SimulatorOptions = {}) {
  const cfg = {
    clientAccnum: '900100', clientSubacc: '0001', flexId: '687fa3e0-e60d-4466-88e2-181fa56dd6a9', salt: '7d901dad245fd0ff6bc20d06',
    appId: 'sim-app', secret: 'sim-secret', datalinkUsername: 'dluser', datalinkPassword: 'dlpass', datalinkAllowedIps: ['127.0.0.1', '::1', '::ffff:127.0.0.1'],
    bearerTtlSeconds: 3600, webhook: null as SimulatorOptions['webhook'], approvalUrl: 'http://127.0.0.1/approved', denialUrl: 'http://127.0.0.1/denied', saleDigest: 'id' as const,
    ...options,
  };
  let clockOffsetMs = 0;
  const now = () => Date.now() + clockOffsetMs;
  const bearers = new Map<string, number>();
  const tokens = new Map<string, SimPaymentToken>();
  const sales = new Map<string, SimSale>();
  const faults: Record<FaultTarget, Fault[]> = { oauth: [], token: [], charge: [], datalink: [] };
  const counts = { oauth: 0, tokens: 0, chargeRequests: 0, sales: 0, datalink: 0 };
  const outbox: SimNotice[] = [];
  const formSessions = new Map<string, { params: Record<string, string>; declines: number }>();
  const hung = new Set<Socket>();
  /** Charges received under the commitLate fault, done only when the test says (commitLate()). */
  const late: (() => SimSale | null)[] = [];

  /** Cards the issuer declines with a reason of its own (the sandbox's -24 and -23 numbers); others by the CVV rule. */
  const ISSUER_DECLINES: Record<string, { declineCode: number; declineText: string }> = {
    '4000000000009995': { declineCode: 24, declineText: 'Insufficient funds' },
    '4000000000000069': { declineCode: 54, declineText: 'Expired card' },
  };
  const saleFor = (token: SimPaymentToken) => (token.cardNum && ISSUER_DECLINES[token.cardNum] ? 'decline' : token.cvv2 === null || Number(token.cvv2) > 300 ? 'approve' : 'decline');

  function emit(eventType: string, fields: Record<string, string>) {
    const all = { clientAccnum: cfg.clientAccnum, clientSubacc: cfg.clientSubacc, timestamp: new Date(now()).toISOString().slice(0, 19).replace('T', ' '), ...fields };
    outbox.push({ id: randomUUID(), eventType, fields: all, attempts: 0, statuses: [], delivered: false });
  }

  async function post(notice: SimNotice): Promise<number> {
    const hook = cfg.webhook;
    if (!hook) throw new Error('simulator: no webhook URL configured');
    const url = new URL(hook.url);
    for (const [k, v] of Object.entries({ clientAccnum: cfg.clientAccnum, clientSubacc: cfg.clientSubacc, eventType: notice.eventType, eventGroupType: 'Subscription' })) url.searchParams.set(k, v);
    const body = hook.format === 'json' ? JSON.stringify(notice.fields) : new URLSearchParams(notice.fields).toString();
    notice.attempts += 1;
    const status = await new Promise<number>((resolve) => {
      const req = http.request(url, { method: 'POST', localAddress: hook.localAddress, headers: { 'content-type': hook.format === 'json' ? 'application/json' : 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
      req.end(body);
    });
    notice.statuses.push(status);
    if (status === 200) notice.delivered = true;
    return status;
  }

  const send = (res: http.ServerResponse, status: number, body: unknown, type = 'application/json') => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  const restError = (res: http.ServerResponse, status: number, errorCode: number, generalMessage: string, url: string, errors: { field: string; message: string }[] = []) =>
    send(res, status, { id: randomUUID(), url, generalMessage, errorCode, errors, timestamp: new Date(now()).toISOString() }, ERROR_TYPE);

  /** Applies the next planned fault; true when the request is answered (or left hanging) by it. */
  function applyFault(target: FaultTarget, res: http.ServerResponse, req: http.IncomingMessage, when: 'before' | 'after'): Fault | null {
    const fault = faults[target][0];
    if (!fault) return null;
    if (when === 'before' && (fault === 'http500' || fault === 'reset' || fault === 'hang')) {
      faults[target].shift();
      if (fault === 'http500') restError(res, 500, 100103, 'Transaction error', req.url ?? '');
      else if (fault === 'reset') req.socket.destroy();
      else hung.add(req.socket);
      return fault;
    }
    if (when === 'after' && (fault === 'timeoutAfterCommit' || fault === 'decline')) {
      faults[target].shift();
      if (fault === 'timeoutAfterCommit') hung.add(req.socket);
      return fault;
    }
    return null;
  }

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  function bearerOk(req: http.IncomingMessage): boolean {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const expires = m ? bearers.get(m[1]) : undefined;
    return expires !== undefined && expires > now();
  }

  /** Accept: v1 or v2 media type; null when neither (406). */
  function version(req: http.IncomingMessage): 1 | 2 | null {
    const accept = req.headers.accept ?? '';
    if (accept.includes(V2)) return 2;
    if (accept.includes(V1)) return 1;
    return null;
  }
  // v1 answers subscriptionId as a JSON number (its leading zeros and precision lost), v2 as a string.
  const subscriptionField = (v: 1 | 2, id: string | null) => (id === null ? null : v === 1 ? `__num__${id}` : id);
  const v1Json = (body: unknown) => JSON.stringify(body).replace(/"__num__0*(\d+)"/g, '$1');

  /** Charges a payment token: answers a refusal or a decline through `reply`, or records the sale and returns it (the caller answers). */
  function chargeToken(tokenId: string, body: ChargeRequest, path: string, reply: (status: number, body: unknown, error: boolean) => void, live = false): SimSale | null {
    const refuse = (status: number, errorCode: number, generalMessage: string, errors: { field: string; message: string }[] = []) => {
      reply(status, { id: randomUUID(), url: path, generalMessage, errorCode, errors, timestamp: new Date(now()).toISOString() }, true);
      return null;
    };
    const t = tokens.get(tokenId);
    if (!t) return refuse(404, 100101, 'Invalid payment token');
    if (t.uses >= t.validNumberOfUse || t.createdAt + t.timeToLive * 3_600_000 < now()) return refuse(400, 100102, 'Expired payment token');
    const cents = toCents(body.initialPrice);
    const errors: { field: string; message: string }[] = [];
    if (cents === null || cents <= 0) errors.push({ field: 'initialPrice', message: 'Attribute required' });
    if (body.initialPeriod === undefined) errors.push({ field: 'initialPeriod', message: 'Attribute required' });
    if (!CURRENCIES.has(String(body.currencyCode).padStart(3, '0'))) errors.push({ field: 'currencyCode', message: 'Invalid value' });
    if (errors.length) return refuse(400, 200000, 'Validation failed!', errors);
    t.uses += 1;
    const declined = live && faults.charge[0] === 'decline' ? (faults.charge.shift(), true) : saleFor(t) === 'decline';
    if (declined) {
      reply(200, { declineCode: 27, declineText: 'System Error, Please Try Again', ...(t.cardNum ? ISSUER_DECLINES[t.cardNum] : {}), denialId: `__num__${ccbillId().slice(1)}`, approved: false, paymentUniqueId: null, sessionId: null, newPaymentTokenId: null, subscriptionId: null }, false);
      return null;
    }
    const passThrough = Object.fromEntries(((body.passThroughInfo ?? []) as { name: string; value: string }[]).map((p) => [p.name, String(p.value)]));
    const sale: SimSale = { subscriptionId: ccbillId(), transactionId: '', paymentTokenId: t.paymentTokenId, amountCents: cents!, passThrough, cancelled: false, refunds: 0, voids: 0, createdAt: now() };
    sale.transactionId = sale.subscriptionId;
    sales.set(sale.subscriptionId, sale);
    counts.sales += 1;
    emit('UpSaleSuccess', {
      subscriptionId: sale.subscriptionId, transactionId: sale.transactionId, originalSubscriptionId: t.sourceSubscriptionId ?? '', originalClientAccnum: cfg.clientAccnum, originalClientSubacc: cfg.clientSubacc, source: 'API',
      billedInitialPrice: text2(sale.amountCents), billedCurrencyCode: String(body.currencyCode), initialPeriod: String(body.initialPeriod), paymentType: 'CREDIT', cardType: 'VISA', last4: (t.cardNum ?? '0000').slice(-4),
      ...Object.fromEntries(Object.entries(passThrough).map(([k, val]) => [`X-${k}`, val])),
    });
    return sale;
  }

  async function rest(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    if (path === '/ccbill-auth/oauth/token' && req.method === 'POST') {
      counts.oauth += 1;
      const body = await readBody(req);
      if (applyFault('oauth', res, req, 'before')) return;
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
      const [id, secret] = basic ? Buffer.from(basic[1], 'base64').toString('utf8').split(':') : [];
      if (id !== cfg.appId || secret !== cfg.secret) return send(res, 401, { error: 'unauthorized', error_description: 'Bad credentials' });
      if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') return send(res, 400, { error: 'unsupported_grant_type' });
      const token = randomBytes(16).toString('hex');
      bearers.set(token, now() + cfg.bearerTtlSeconds * 1000);
      return send(res, 200, { access_token: token, token_type: 'bearer', expires_in: cfg.bearerTtlSeconds, scope: 'read' });
    }
    if (!bearerOk(req)) {
      res.writeHead(401);
      return res.end();
    }
    const v = version(req);
    if (!v) return restError(res, 406, 100015, 'Not acceptable', path);
    // Numbers marked __num__ (denialId, and subscriptionId in v1) go out as bare JSON numbers.
    const answer = (status: number, body: unknown) => send(res, status, v1Json(body), v === 1 ? V1 : V2);
    if (req.method === 'POST' && !(req.headers['content-type'] ?? '').includes('application/json')) return restError(res, 415, 100004, 'Unsupported media type', path);

    const tokenCreate = /^\/payment-tokens\/(merchant-only|merchant-only-verify)$/.exec(path);
    if (tokenCreate && req.method === 'POST') {
      counts.tokens += 1;
      const body = JSON.parse((await readBody(req)) || '{}') as TokenRequest;
      if (applyFault('token', res, req, 'before')) return;
      if (String(body.clientAccnum) !== String(Number(cfg.clientAccnum)) || String(body.clientSubacc) !== String(Number(cfg.clientSubacc))) return restError(res, 400, 100100, 'Invalid client account', path);
      const verify = tokenCreate[1] === 'merchant-only-verify';
      const subscriptionId = body.subscriptionId && String(body.subscriptionId) !== '0' ? String(body.subscriptionId) : null;
      let card: { cardNum: string | null; cvv2: string | null; nameOnCard: string; expMonth: string; expYear: string; email: string };
      if (subscriptionId) {
        const sale = sales.get(subscriptionId);
        if (!sale) return restError(res, 400, 200000, 'Validation failed!', path, [{ field: 'subscriptionId', message: 'Invalid subscription id' }]);
        const from = sale.paymentTokenId ? tokens.get(sale.paymentTokenId) : undefined;
        card = { cardNum: from?.cardNum ?? null, cvv2: null, nameOnCard: from?.nameOnCard ?? '', expMonth: from?.expMonth ?? '', expYear: from?.expYear ?? '', email: from?.email ?? '' };
      } else {
        const cc = body.paymentInfo?.creditCardPaymentInfo ?? {};
        const customer = body.customerInfo ?? {};
        const errors: { field: string; message: string }[] = [];
        if (!/^\d{12,19}$/.test(String(cc.cardNum ?? ''))) errors.push({ field: 'cardNum', message: 'Invalid credit card number' });
        if (!/^(0[1-9]|1[0-2])$/.test(String(cc.expMonth ?? ''))) errors.push({ field: 'expMonth', message: 'Attribute required' });
        if (!/^\d{4}$/.test(String(cc.expYear ?? ''))) errors.push({ field: 'expYear', message: 'Attribute required' });
        if (verify && !/^\d{3,4}$/.test(String(cc.cvv2 ?? ''))) errors.push({ field: 'cvv2', message: 'Attribute required' });
        if (!customer.email) errors.push({ field: 'email', message: 'Attribute required' });
        for (const [field, value] of Object.entries({ ...customer, nameOnCard: cc.nameOnCard })) if (typeof value === 'string' && /[^\x20-\x7e]/.test(value)) errors.push({ field, message: 'Only ASCII characters are allowed' });
        if (errors.length) return restError(res, 400, 200000, 'Validation failed!', path, errors);
        card = { cardNum: String(cc.cardNum), cvv2: verify ? String(cc.cvv2) : null, nameOnCard: String(cc.nameOnCard ?? ''), expMonth: String(cc.expMonth), expYear: String(cc.expYear), email: String(customer.email) };
      }
      const t: SimPaymentToken = { paymentTokenId: randomBytes(16).toString('hex'), ...card, createdAt: now(), timeToLive: Number(body.timeToLive ?? 2147483647), validNumberOfUse: Number(body.validNumberOfUse ?? 2147483647), uses: 0, sourceSubscriptionId: subscriptionId };
      tokens.set(t.paymentTokenId, t);
      return answer(200, {
        paymentTokenId: t.paymentTokenId, programParticipationId: null, originalPaymentTokenId: null, clientAccnum: Number(cfg.clientAccnum), clientSubacc: Number(cfg.clientSubacc),
        createdDatetime: new Date(t.createdAt).toISOString().slice(0, 19), timeToLive: t.timeToLive, validNumberOfUse: t.validNumberOfUse, subscriptionId: subscriptionField(v, subscriptionId), paymentInfoId: null,
        ...(verify ? { cvv2Response: Number(card.cvv2) > 300 ? 'M' : 'N', avsResponse: 'Y' } : {}),
      });
    }
    const tokenRead = /^\/payment-tokens\/([0-9a-f]+)$/.exec(path);
    if (tokenRead && req.method === 'GET') {
      const t = tokens.get(tokenRead[1]);
      if (!t) return restError(res, 404, 100101, 'Invalid payment token', path);
      return answer(200, { paymentTokenId: t.paymentTokenId, clientAccnum: Number(cfg.clientAccnum), clientSubacc: Number(cfg.clientSubacc), timeToLive: t.timeToLive, validNumberOfUse: t.validNumberOfUse - t.uses });
    }
    const charge = /^\/transactions\/payment-tokens\/([0-9a-f]+)$/.exec(path);
    if (charge && req.method === 'GET') {
      if (!tokens.has(charge[1])) return restError(res, 404, 100101, 'Invalid payment token', path);
      const list = [...sales.values()].filter((s) => s.paymentTokenId === charge[1]).map((s) => ({ clientAccnum: Number(cfg.clientAccnum), clientSubacc: Number(cfg.clientSubacc), subscriptionId: subscriptionField(v, s.subscriptionId) }));
      return answer(200, list);
    }
    if (charge && req.method === 'POST') {
      counts.chargeRequests += 1;
      const body = JSON.parse((await readBody(req)) || '{}') as ChargeRequest;
      if (applyFault('charge', res, req, 'before')) return;
      if (faults.charge[0] === 'commitLate') {
        // Received, not yet done: the caller hears nothing; commitLate() runs it later, as a slow CCBill would.
        faults.charge.shift();
        hung.add(req.socket);
        late.push(() => chargeToken(charge[1], body, path, () => {}));
        return;
      }
      const outcome = chargeToken(charge[1], body, path, (status, answerBody, error) => (error ? send(res, status, answerBody, ERROR_TYPE) : answer(status, answerBody)), true);
      if (!outcome) return;
      if (applyFault('charge', res, req, 'after')) return;
      return answer(200, { declineCode: null, declineText: null, denialId: null, approved: true, paymentUniqueId: randomBytes(16).toString('base64').slice(0, 22), sessionId: null, newPaymentTokenId: null, subscriptionId: subscriptionField(v, outcome.subscriptionId) });
    }
    return restError(res, 404, 130000, 'Not found', path);
  }

  function datalink(req: http.IncomingMessage, res: http.ServerResponse, q: URLSearchParams) {
    counts.datalink += 1;
    if (applyFault('datalink', res, req, 'before')) return;
    const xml = q.get('returnXML') === '1';
    const code = (c: number | string) => (xml ? send(res, 200, `<?xml version='1.0' standalone='yes'?><results>${c}</results>`, 'text/xml') : send(res, 200, `"results"\n"${c}"\n`, 'text/plain'));
    if (!cfg.datalinkAllowedIps.includes(req.socket.remoteAddress ?? '')) return code(-8);
    if (q.get('username') !== cfg.datalinkUsername || q.get('password') !== cfg.datalinkPassword || !q.get('clientAccnum')) return code(-1);
    if (q.get('clientAccnum') !== cfg.clientAccnum) return code(-4);
    const action = q.get('action') ?? '';
    if (!['cancelSubscription', 'viewSubscriptionStatus', 'refundTransaction', 'voidTransaction', 'voidOrRefundTransaction'].includes(action)) return code(-6);
    const id = q.get('subscriptionId') ?? '';
    if (!/^\d+$/.test(id)) return code(-5);
    const sale = sales.get(id);
    if (!sale) return code(-3);
    switch (action) {
      case 'cancelSubscription':
        // Cancelling an already cancelled subscription: CCBill's answer is unconfirmed; this simulator answers 0.
        if (sale.cancelled) return code(0);
        sale.cancelled = true;
        emit('Cancellation', { subscriptionId: id, reason: 'merchant', source: 'datalink' });
        return code(1);
      case 'refundTransaction':
      case 'voidTransaction':
      case 'voidOrRefundTransaction': {
        // A second reversal of the same sale: unconfirmed; this simulator answers 0 (failed).
        if (sale.refunds + sale.voids > 0) return code(0);
        const kind = action === 'voidTransaction' ? 'Void' : 'Refund';
        if (kind === 'Void') sale.voids += 1;
        else sale.refunds += 1;
        emit(kind, { subscriptionId: id, transactionId: ccbillId(), amount: text2(sale.amountCents), currency: 'USD', currencyCode: '840', reason: q.get('reason') ?? '' });
        return code(1);
      }
      case 'viewSubscriptionStatus': {
        const d = new Date(sale.createdAt).toISOString().replace(/\D/g, '').slice(0, 14);
        const status = { cancelDate: sale.cancelled ? d : '', signupDate: d, expirationDate: '', nextBillingDate: '', recurringSubscription: '0', subscriptionStatus: sale.cancelled ? '1' : '2', timesRebilled: '0', chargebacksIssued: '0', refundsIssued: String(sale.refunds), voidsIssued: String(sale.voids) };
        if (xml) return send(res, 200, `<?xml version='1.0' standalone='yes'?><results>${Object.entries(status).map(([k, val]) => `<${k}>${val}</${k}>`).join('')}</results>`, 'text/xml');
        return send(res, 200, `${Object.keys(status).map((k) => `"${k}"`).join(',')}\n${Object.values(status).map((val) => `"${val}"`).join(',')}\n`, 'text/plain');
      }
    }
  }

  const errorPage = (res: http.ServerResponse) => send(res, 500, '<!doctype html><title>Error</title><h1>500</h1><p>An error has occurred.</p>', 'text/html');
  const formPage = (session: string, message = '') =>
    `<!doctype html><title>CCBill</title>${message ? `<p class="error">${message}</p>` : ''}<form method="post"><input type="hidden" name="session" value="${session}">` +
    '<input name="cardNum"><input name="expMonth"><input name="expYear"><input name="cvv2"><input name="nameOnCard"><button>Pay</button></form>';

  function flexGet(res: http.ServerResponse, flexId: string, q: URLSearchParams) {
    const p = Object.fromEntries(q);
    const recurring = q.has('recurringPrice') || q.has('recurringPeriod') || q.has('numRebills');
    const money = /^\d+\.\d{2}$/;
    const period = (v: string | undefined, min: number) => !!v && /^\d+$/.test(v) && Number(v) >= min && Number(v) <= 365;
    const valid =
      flexId === cfg.flexId && p.clientAccnum === cfg.clientAccnum && p.clientSubacc === cfg.clientSubacc && money.test(p.initialPrice ?? '') && period(p.initialPeriod, 2) && CURRENCIES.has(p.currencyCode ?? '') &&
      (!recurring || (money.test(p.recurringPrice ?? '') && period(p.recurringPeriod, 1) && /^\d+$/.test(p.numRebills ?? '')));
    const digest = recurring ? md5(`${p.initialPrice}${p.initialPeriod}${p.recurringPrice}${p.recurringPeriod}${p.numRebills}${p.currencyCode}${cfg.salt}`) : md5(`${p.initialPrice}${p.initialPeriod}${p.currencyCode}${cfg.salt}`);
    if (!valid || p.formDigest !== digest) return errorPage(res);
    const session = randomBytes(12).toString('hex');
    formSessions.set(session, { params: p, declines: 0 });
    return send(res, 200, formPage(session), 'text/html');
  }

  async function flexPost(req: http.IncomingMessage, res: http.ServerResponse) {
    const f = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const s = formSessions.get(f.session ?? '');
    if (!s) return errorPage(res);
    const p = s.params;
    const custom = Object.fromEntries(Object.entries(p).filter(([k]) => !FORM_FIELDS.has(k)).map(([k, val]) => [`X-${k}`, val]));
    const price = { billedInitialPrice: p.initialPrice, billedRecurringPrice: p.recurringPrice ?? '0.00', billedCurrencyCode: p.currencyCode, subscriptionInitialPrice: p.initialPrice, subscriptionRecurringPrice: p.recurringPrice ?? '0.00', subscriptionCurrencyCode: p.currencyCode, initialPeriod: p.initialPeriod, recurringPeriod: p.recurringPeriod ?? '0', rebills: p.numRebills ?? '0' };
    const card = { paymentType: 'CREDIT', cardType: 'VISA', last4: String(f.cardNum ?? '').slice(-4), expDate: `${f.expMonth ?? ''}${String(f.expYear ?? '').slice(-2)}`, email: p.email ?? '', flexId: cfg.flexId };
    if (Number(f.cvv2) > 300) {
      const sale: SimSale = { subscriptionId: ccbillId(), transactionId: '', paymentTokenId: null, amountCents: toCents(p.initialPrice)!, passThrough: {}, cancelled: false, refunds: 0, voids: 0, createdAt: now() };
      sale.transactionId = sale.subscriptionId;
      sales.set(sale.subscriptionId, sale);
      counts.sales += 1;
      formSessions.delete(f.session);
      const digest = cfg.saleDigest === 'formDigest' ? p.formDigest : md5(`${sale.subscriptionId}1${cfg.salt}`);
      emit('NewSaleSuccess', { subscriptionId: sale.subscriptionId, transactionId: sale.transactionId, ...price, ...card, dynamicPricingValidationDigest: digest, ...custom });
      res.writeHead(302, { location: cfg.approvalUrl });
      return res.end();
    }
    s.declines += 1;
    // Declines are soft: the buyer stays on the form until the third one.
    if (s.declines < 3) return send(res, 200, formPage(f.session, 'Your card was declined. Please try again.'), 'text/html');
    formSessions.delete(f.session);
    const transactionId = ccbillId();
    const digest = cfg.saleDigest === 'formDigest' ? p.formDigest : md5(`${transactionId}0${cfg.salt}`);
    emit('NewSaleFailure', { transactionId, ...price, ...card, failureCode: 'BE-900', failureReason: 'Transaction Denied by Bank', dynamicPricingValidationDigest: digest, ...custom });
    res.writeHead(302, { location: cfg.denialUrl });
    return res.end();
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const done = (p: unknown) => Promise.resolve(p).catch((e: unknown) => (res.headersSent ? res.destroy() : send(res, 500, { error: String(e) })));
    if (path === '/utils/subscriptionManagement.cgi' && req.method === 'GET') return done(datalink(req, res, url.searchParams));
    const flex = /^\/wap-frontflex\/flexforms\/([^/]+)$/.exec(path);
    if (flex && req.method === 'GET') return done(flexGet(res, decodeURIComponent(flex[1]), url.searchParams));
    if (flex && req.method === 'POST') return done(flexPost(req, res));
    return done(rest(req, res, path));
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    config: cfg,
    endpoints: { flexForms: `${base}/wap-frontflex/flexforms`, rest: base, datalink: `${base}/utils/subscriptionManagement.cgi` },
    counts,
    sales,
    tokens,
    outbox,
    /** Plans the next faults for a surface, in order. */
    fail(target: FaultTarget, ...plan: Fault[]) {
      faults[target].push(...plan);
    },
    /** Does the charges held by the commitLate fault now (their callers gave up long ago): the sales made, null for each refused. */
    commitLate() {
      return late.splice(0).map((run) => run());
    },
    advanceClock(ms: number) {
      clockOffsetMs += ms;
    },
    setWebhook(webhook: SimulatorOptions['webhook']) {
      cfg.webhook = webhook;
    },
    /** Adds a notice as CCBill would send it (renewals, chargebacks, forged ones for tests). */
    emit,
    pendingNotices: () => outbox.filter((n) => !n.delivered),
    /** Posts pending notices (or the ones named), in the given order, each `times` times. */
    async deliver(options: { ids?: string[]; order?: 'oldest' | 'newest'; times?: number } = {}) {
      let list = options.ids ? options.ids.map((id) => outbox.find((n) => n.id === id)!).filter(Boolean) : outbox.filter((n) => !n.delivered);
      if (options.order === 'newest') list = [...list].reverse();
      const results: { id: string; eventType: string; status: number }[] = [];
      for (const n of list) for (let i = 0; i < (options.times ?? 1); i += 1) results.push({ id: n.id, eventType: n.eventType, status: await post(n) });
      return results;
    },
    /** Retries every pending notice until it is answered 200, up to `maxAttempts` posts each. */
    async deliverUntilAcknowledged(maxAttempts = 5) {
      for (let round = 0; round < maxAttempts && outbox.some((n) => !n.delivered); round += 1) for (const n of outbox.filter((x) => !x.delivered)) await post(n);
      return outbox.filter((n) => !n.delivered);
    },
    async close() {
      for (const socket of hung) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type CcbillSimulator = Awaited<ReturnType<typeof startCcbillSimulator>>;
