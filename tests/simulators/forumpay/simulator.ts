// A local ForumPay: the payment gateway API under /pay/v2/{Action}/ as providers.md describes it, on 127.0.0.1 with
// a random port. It keeps payments in memory, runs their state machine (waiting → processing → confirmed /
// zero_confirmed / underpayment / cancelled / blocked), and posts webhooks that carry identifiers only.
//
// What a payer does is driven through the sandbox wallet (`/sandboxWallet.transfer`, like ForumPay's sandbox page)
// and a small test API (`/sandbox/…` over HTTP, and the same operations as methods): mine blocks, move the clock,
// block a payment, deliver webhooks (late, twice, out of order) and plan faults per call (HTTP 500, connection
// reset, an `err` answer, a timeout after the call took effect). A test fixture only: product code never imports it.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SimulatorCurrency {
  currency: string;
  description: string;
  /** USD per coin, two decimals. */
  rate: string;
  /** Added to every quote, in the coin (8 decimals). */
  networkFee: string;
  zeroConfirmationsEnabled: boolean;
  minInvoice: string;
  maxInvoice: string;
}

export const SIMULATOR_CURRENCIES: SimulatorCurrency[] = [
  { currency: 'BTC', description: 'Bitcoin', rate: '65000.00', networkFee: '0.00001000', zeroConfirmationsEnabled: false, minInvoice: '1.00', maxInvoice: '10000.00' },
  { currency: 'ETH', description: 'Ethereum', rate: '3200.00', networkFee: '0.00010000', zeroConfirmationsEnabled: true, minInvoice: '1.00', maxInvoice: '10000.00' },
];

export type ForumPayState = 'waiting' | 'processing' | 'cancelled' | 'confirmed' | 'zero_confirmed' | 'underpayment' | 'blocked';

export type Fault =
  | { kind: 'http500' }
  /** The connection is dropped before anything happens. */
  | { kind: 'reset' }
  /** The call takes effect, then no answer ever comes (the caller's timeout fires). */
  | { kind: 'timeout_after_commit' }
  /** An `err` answer, e.g. `{err: 'KYC needed', errCode: 'payerKYCNeeded'}`. */
  | { kind: 'err'; err: string; errCode?: string; status?: number };

export interface SimulatorOptions {
  apiUser?: string;
  apiSecret?: string;
  /** Points of sale the account has; a call naming another is refused. */
  posIds?: string[];
  currencies?: SimulatorCurrency[];
  /** How long a payment waits for money before it is cancelled. */
  paymentWindowMs?: number;
  minConfirmations?: number;
  /** The account's webhook URL (API Settings); a payment's own `webhook_url` overrides it. */
  webhookUrl?: string | null;
  /** Sent as X-Forwarded-For with each webhook: the address ForumPay posts from, as a proxy would report it. */
  webhookSourceIp?: string;
  /** Delay before every API answer. */
  latencyMs?: number;
  /** Deliver webhooks by itself (retrying until a 200, at most `maxAttempts`); tests usually call deliver(). */
  autoDeliver?: { intervalMs: number; maxAttempts: number } | null;
  start?: Date;
}

interface Transfer {
  units: bigint;
  confirmations: number;
  at: Date;
}

export interface SimPayment {
  payment_id: string;
  pos_id: string;
  invoice_currency: string;
  invoice_amount: string;
  currency: string;
  rate: string;
  amount_exchange: string;
  network_processing_fee: string;
  amount: string;
  accept_zero_confirmations: boolean;
  auto_accept_underpayment: boolean;
  auto_accept_underpayment_min: string | null;
  auto_accept_late_payment: boolean;
  started: boolean;
  address: string | null;
  reference_no: string | null;
  webhook_url: string | null;
  payer_id: string | null;
  state: ForumPayState;
  reason: string | null;
  inserted: Date;
  expires: Date;
  confirmed_time: Date | null;
  cancelled_time: Date | null;
  access_token: string;
  stats_token: string;
  transfers: Transfer[];
}

export interface Webhook {
  seq: number;
  paymentId: string;
  url: string;
  body: string;
  attempts: number;
  deliveredAt: Date | null;
}

export interface RecordedCall {
  action: string;
  method: string;
  params: Record<string, string>;
  status: number;
}

export interface ForumPaySimulator {
  /** The API base, e.g. http://127.0.0.1:1234/pay/v2/ (what the adapter's endpoint option takes). */
  readonly apiBase: string;
  readonly origin: string;
  readonly calls: RecordedCall[];
  payments(): SimPayment[];
  payment(paymentId: string): SimPayment | undefined;
  /** The payer sends `amount` (coin, decimal string) to an address: in full, in part, late or twice. */
  transfer(address: string, amount: string): SimPayment;
  /** New blocks: every transfer gains confirmations; payments reaching `min_confirmations` settle. */
  mine(blocks?: number): void;
  advance(ms: number): void;
  now(): Date;
  block(paymentId: string, reason?: string): SimPayment;
  /** The next call of `action` meets this fault (one per plan entry, in order). */
  fault(action: string, fault: Fault): void;
  webhooks(): Webhook[];
  /** Posts the undelivered webhooks now: oldest first or reversed, each `times` times. Returns each HTTP status (0 = no answer). */
  deliver(options?: { order?: 'sent' | 'reverse'; times?: number; paymentId?: string }): Promise<{ seq: number; status: number }[]>;
  close(): Promise<void>;
}

// ---- decimal strings ↔ integer units ------------------------------------------------------------------

const COIN = 100_000_000n;

/** "0.01333323" → 1333323n (8 decimals). */
export function coinUnits(amount: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,8}))?$/.exec(amount.trim());
  if (!m) throw new Error(`not a coin amount: ${amount}`);
  return BigInt(m[1]) * COIN + BigInt((m[2] ?? '').padEnd(8, '0'));
}
export const formatCoin = (units: bigint) => `${units / COIN}.${String(units % COIN).padStart(8, '0')}`;

const fiatCents = (amount: string): bigint | null => {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  return m ? BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0')) : null;
};
const formatFiat = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

/** Invoice cents at `rate` (USD per coin) → coin units, rounded up (the payer never sends less than asked). */
const exchange = (invoiceCents: bigint, rate: string) => {
  const rateCents = fiatCents(rate)!;
  return (invoiceCents * COIN + rateCents - 1n) / rateCents;
};

const stamp = (d: Date | null) => (d ? d.toISOString().slice(0, 19).replace('T', ' ') : null);

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly err: string,
    readonly errCode?: string,
  ) {
    super(err);
  }
}

const POS_ID = /^[A-Za-z0-9._-]+$/;
const ACTIONS = new Set(['Ping', 'GetCurrencyList', 'GetRate', 'GetRates', 'StartPayment', 'CheckPayment', 'CancelPayment', 'GetTransactions', 'GetWalletApps']);

export async function startForumPaySimulator(options: SimulatorOptions = {}): Promise<ForumPaySimulator> {
  const apiUser = options.apiUser ?? 'sim-user';
  const apiSecret = options.apiSecret ?? 'sim-secret-part1sim-secret-part2';
  const posIds = options.posIds ?? ['fanclub-web'];
  const currencies = options.currencies ?? SIMULATOR_CURRENCIES;
  const windowMs = options.paymentWindowMs ?? 15 * 60_000;
  const minConfirmations = options.minConfirmations ?? 1;
  let clock = (options.start ?? new Date()).getTime();
  const now = () => new Date(clock);

  const byId = new Map<string, SimPayment>();
  const hooks: Webhook[] = [];
  const calls: RecordedCall[] = [];
  const faults = new Map<string, Fault[]>();
  let seq = 0;
  let origin = '';

  const currencyOf = (c: string | undefined) => currencies.find((x) => x.currency === (c ?? '').toUpperCase());
  const received = (p: SimPayment, settled: boolean) => p.transfers.filter((t) => (settled ? t.confirmations >= minConfirmations : true)).reduce((s, t) => s + t.units, 0n);

  /** A state change is told to the payment's webhook URL (or the account's): identifiers only, never the state. */
  function changeState(p: SimPayment, state: ForumPayState) {
    if (p.state === state) return;
    p.state = state;
    if (state === 'confirmed' || state === 'zero_confirmed') p.confirmed_time ??= now();
    if (state === 'cancelled') p.cancelled_time = now();
    const url = p.webhook_url ?? options.webhookUrl ?? null;
    if (!url) return;
    const body = JSON.stringify({ payment_id: p.payment_id, reference_no: p.reference_no, pos_id: p.pos_id, address: p.address, currency: p.currency });
    hooks.push({ seq: ++seq, paymentId: p.payment_id, url, body, attempts: 0, deliveredAt: null });
  }

  /** A waiting payment whose window is over is cancelled (checked whenever the simulator is asked anything). */
  function expireDue() {
    for (const p of byId.values()) if (p.started && p.state === 'waiting' && p.expires.getTime() <= clock) changeState(p, 'cancelled');
  }

  /** Where the money stands once its transfers settled: confirmed, underpayment, or still processing. */
  function settle(p: SimPayment) {
    if (p.state === 'blocked' || (p.state === 'cancelled' && !p.auto_accept_late_payment) || p.state === 'confirmed') return;
    const all = received(p, false);
    const settled = received(p, true);
    const amount = coinUnits(p.amount);
    if (all === 0n) return;
    if (settled < all) {
      // Money seen but not confirmed enough: zero-confirmation acceptance pays at once when both sides allow it.
      const zero = p.accept_zero_confirmations && currencyOf(p.currency)!.zeroConfirmationsEnabled && all >= amount;
      changeState(p, zero ? 'zero_confirmed' : p.state === 'zero_confirmed' ? 'zero_confirmed' : 'processing');
      return;
    }
    const minShare = p.auto_accept_underpayment ? Number(p.auto_accept_underpayment_min ?? '0') : null;
    const accepted = settled >= amount || (minShare !== null && Number(settled) >= Number(amount) * (1 - minShare / 100));
    changeState(p, accepted ? 'confirmed' : 'underpayment');
  }

  const checkView = (p: SimPayment) => {
    const settled = received(p, true);
    const unconfirmed = received(p, false) - settled;
    const amount = coinUnits(p.amount);
    const invoice = fiatCents(p.invoice_amount)!;
    const status = { waiting: 'Waiting', processing: 'Waiting', underpayment: 'Waiting', confirmed: 'Confirmed', zero_confirmed: 'Confirmed', cancelled: 'Cancelled', blocked: 'Blocked' }[p.state];
    return {
      reference_no: p.reference_no,
      inserted: stamp(p.inserted),
      invoice_amount: p.invoice_amount,
      type: 'Sell',
      invoice_currency: p.invoice_currency,
      amount: p.amount,
      min_confirmations: String(minConfirmations),
      accept_zero_confirmations: p.accept_zero_confirmations ? '1' : '0',
      currency: p.currency,
      confirmed: p.state === 'confirmed' || p.state === 'zero_confirmed',
      confirmed_time: stamp(p.confirmed_time),
      reason: p.reason,
      payment: formatCoin(settled),
      confirmations: String(p.transfers.length ? Math.min(...p.transfers.map((t) => t.confirmations)) : 0),
      status,
      state: p.state,
      unconfirmed_amount: formatCoin(unconfirmed),
      unconfirmed_invoice_amount: formatFiat((unconfirmed * invoice) / amount),
      underpayment: p.state === 'underpayment' ? { address: p.address, missing_amount: formatCoin(amount - settled), qr: qrOf(p, amount - settled) } : null,
      cancelled: p.state === 'cancelled',
      cancelled_time: stamp(p.cancelled_time),
      print_string: `${p.payment_id} ${p.amount} ${p.currency}`,
      access_token: p.access_token,
      access_url: `${origin}/pay?access_token=${p.access_token}`,
      wait_time: p.state === 'waiting' ? 'Less than 2 minutes' : null,
    };
  };

  const qrOf = (p: SimPayment, units: bigint) => `${origin}/sandboxWallet.transfer?${new URLSearchParams({ currency: p.currency, address: p.address ?? '', amount: formatCoin(units) })}`;

  const need = (params: Record<string, string>, name: string, message = `${name} is required`) => {
    const v = params[name];
    if (v === undefined || v === '') throw new ApiError(400, message);
    return v;
  };

  function quote(params: Record<string, string>) {
    const posId = params.pos_id;
    const invoiceCurrency = need(params, 'invoice_currency');
    if (invoiceCurrency !== 'USD') throw new ApiError(400, `Invoice currency ${invoiceCurrency} is not supported`);
    const c = currencyOf(need(params, 'currency'));
    if (!c) throw new ApiError(400, `Currency ${params.currency} is not supported`);
    const cents = fiatCents(need(params, 'invoice_amount'));
    if (cents === null || cents <= 0n) throw new ApiError(400, 'invoice_amount is not a valid amount');
    if (cents < fiatCents(c.minInvoice)! || cents > fiatCents(c.maxInvoice)!) throw new ApiError(400, `Invoice amount must be between ${c.minInvoice} and ${c.maxInvoice}`);
    const exchanged = exchange(cents, c.rate);
    const fee = coinUnits(c.networkFee);
    return { posId, invoiceCurrency, c, invoiceAmount: formatFiat(cents), exchanged, fee };
  }

  const rateView = (p: SimPayment) => ({
    invoice_currency: p.invoice_currency,
    invoice_amount: p.invoice_amount,
    currency: p.currency,
    rate: p.rate,
    amount_exchange: p.amount_exchange,
    network_processing_fee: p.network_processing_fee,
    amount: p.amount,
    wait_time: 'Less than 2 minutes',
    sid: null,
    fast_transaction_fee: '0.00000000',
    fast_transaction_fee_currency: p.currency,
    payment_id: p.payment_id,
  });

  function newPayment(params: Record<string, string>): SimPayment {
    const q = quote(params);
    const p: SimPayment = {
      payment_id: randomUUID(),
      pos_id: q.posId,
      invoice_currency: q.invoiceCurrency,
      invoice_amount: q.invoiceAmount,
      currency: q.c.currency,
      rate: q.c.rate,
      amount_exchange: formatCoin(q.exchanged),
      network_processing_fee: formatCoin(q.fee),
      amount: formatCoin(q.exchanged + q.fee),
      accept_zero_confirmations: params.accept_zero_confirmations === 'true' || params.accept_zero_confirmations === '1',
      auto_accept_underpayment: false,
      auto_accept_underpayment_min: null,
      auto_accept_late_payment: false,
      started: false,
      address: null,
      reference_no: null,
      webhook_url: null,
      payer_id: null,
      state: 'waiting',
      reason: null,
      inserted: now(),
      expires: new Date(clock + windowMs),
      confirmed_time: null,
      cancelled_time: null,
      access_token: randomBytes(16).toString('hex'),
      stats_token: randomBytes(24).toString('base64url'),
      transfers: [],
    };
    byId.set(p.payment_id, p);
    return p;
  }

  const flag = (v: string | undefined) => v === 'true' || v === '1';

  function startPayment(params: Record<string, string>) {
    need(params, 'payer_id', 'Payer ID is required');
    let p: SimPayment;
    if (params.payment_id) {
      const found = byId.get(params.payment_id);
      if (!found || found.pos_id !== params.pos_id) throw new ApiError(400, 'Payment not found');
      // Whether the real service repeats a started payment is unconfirmed; this one refuses, so an adapter that
      // lost the answer must find its payment with GetTransactions instead of starting it again.
      if (found.started) throw new ApiError(400, 'Payment already started');
      const q = quote(params);
      if (q.c.currency !== found.currency || q.invoiceAmount !== found.invoice_amount) throw new ApiError(400, 'Payment does not match its rate');
      p = found;
    } else {
      p = newPayment(params);
    }
    p.started = true;
    p.inserted = now();
    p.expires = new Date(clock + windowMs);
    p.address = `${p.currency.toLowerCase()}-${randomBytes(16).toString('hex')}`;
    p.reference_no = params.reference_no || null;
    p.webhook_url = params.webhook_url || null;
    p.payer_id = params.payer_id;
    p.accept_zero_confirmations = flag(params.accept_zero_confirmations);
    p.auto_accept_underpayment = flag(params.auto_accept_underpayment);
    p.auto_accept_underpayment_min = params.auto_accept_underpayment_min || null;
    p.auto_accept_late_payment = flag(params.auto_accept_late_payment);
    const invoice = fiatCents(p.invoice_amount)!;
    const surcharge = 0n;
    const qr = qrOf(p, coinUnits(p.amount));
    return {
      ...rateView(p),
      min_confirmations: minConfirmations,
      address: p.address,
      qr,
      qr_alt: qr,
      qr_img: `${origin}/qr.png?${new URLSearchParams({ data: qr })}`,
      qr_alt_img: `${origin}/qr.png?${new URLSearchParams({ data: qr })}`,
      access_token: p.access_token,
      access_url: `${origin}/pay?access_token=${p.access_token}`,
      stats_token: p.stats_token,
      notices: p.accept_zero_confirmations ? [] : [{ code: 'confirmations', message: `The payment is confirmed after ${minConfirmations} confirmation(s).` }],
      item_name: params.item_name ?? null,
      invoice_surcharge_amount: formatFiat(surcharge),
      invoice_amount_with_surcharge: formatFiat(invoice + surcharge),
      invoice_surcharge_percent: '0.00',
    };
  }

  function started(params: Record<string, string>): SimPayment {
    const p = byId.get(need(params, 'payment_id'));
    need(params, 'currency');
    need(params, 'address');
    if (!p || !p.started || p.pos_id !== params.pos_id || p.currency !== params.currency.toUpperCase() || p.address !== params.address) throw new ApiError(400, 'Payment not found');
    return p;
  }

  const invoiceView = (p: SimPayment) => {
    const v = checkView(p);
    return {
      state: p.state,
      status: v.status,
      pos_id: p.pos_id,
      payment_id: p.payment_id,
      reference_no: p.reference_no,
      address: p.address,
      currency: p.currency,
      amount: p.amount,
      invoice_amount: p.invoice_amount,
      invoice_currency: p.invoice_currency,
      inserted: v.inserted,
      confirmed: v.confirmed,
      cancelled: v.cancelled,
      refund: null,
      double_spending_alert: false,
      access_token: p.access_token,
    };
  };

  async function postWebhook(url: string, body: string): Promise<{ status: number; text: string }> {
    try {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.webhookSourceIp) headers['x-forwarded-for'] = options.webhookSourceIp;
      // ForumPay gives a webhook handler 2 seconds.
      const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(2000) });
      return { status: res.status, text: await res.text() };
    } catch {
      return { status: 0, text: '' };
    }
  }

  async function api(action: string, params: Record<string, string>): Promise<unknown> {
    expireDue();
    if (action !== 'GetWalletApps') {
      const posId = need(params, 'pos_id');
      if (!POS_ID.test(posId) || !posIds.includes(posId)) throw new ApiError(403, `Unknown pos_id ${posId}`);
    }
    switch (action) {
      case 'Ping': {
        if (!params.webhook_url) return { result: 'pong' };
        const answer = await postWebhook(params.webhook_url, JSON.stringify({ webhook_test: `Test from ${params.pos_id}` }));
        let body: unknown = answer.text;
        try {
          body = JSON.parse(answer.text);
        } catch {
          /* kept as text */
        }
        return { result: 'pong', webhook_response: { http_code: answer.status, response: body } };
      }
      case 'GetCurrencyList':
        if ((params.invoice_currency ?? 'USD') !== 'USD') throw new ApiError(400, `Invoice currency ${params.invoice_currency} is not supported`);
        return currencies.map((c) => ({
          currency: c.currency,
          description: c.description,
          status: 'OK',
          zero_confirmations_enabled: c.zeroConfirmationsEnabled ? '1' : '0',
          currency_fiat: 'USD',
          icon_url: `${origin}/icons/${c.currency.toLowerCase()}.svg`,
          rate: c.rate,
          sell_status: 'OK',
          sell_rate: c.rate,
          sell_min_invoice_amount: c.minInvoice,
          sell_max_invoice_amount: c.maxInvoice,
          sell_network_processing_fee: c.networkFee,
        }));
      case 'GetRate':
        return rateView(newPayment(params));
      case 'GetRates':
        return need(params, 'currencies')
          .split(',')
          .map((currency) => rateView(newPayment({ ...params, currency })));
      case 'StartPayment':
        return startPayment(params);
      case 'CheckPayment':
        return checkView(started(params));
      case 'CancelPayment': {
        const p = started(params);
        if (p.state !== 'waiting') throw new ApiError(400, `Payment in state ${p.state} can not be cancelled`);
        if ((params.comment ?? '').length > 255) throw new ApiError(400, 'comment is longer than 255 characters');
        p.reason = params.reason || 'Cancelled by the merchant';
        changeState(p, 'cancelled');
        return { cancelled: true, status: 'Cancelled' };
      }
      case 'GetTransactions': {
        const list = [...byId.values()].filter((p) => p.started && p.pos_id === params.pos_id && (!params.reference_no || p.reference_no === params.reference_no));
        const offset = Number(params.offset ?? 0) || 0;
        const limit = Number(params.limit ?? 100) || 100;
        return { invoices: list.slice(offset, offset + limit).map(invoiceView) };
      }
      case 'GetWalletApps':
        return { wallet_apps: [] };
    }
    throw new ApiError(404, `Unknown action ${action}`);
  }

  const authorised = (header: string | undefined) => {
    if (!header?.startsWith('Basic ')) return false;
    return Buffer.from(header.slice(6), 'base64').toString('utf8') === `${apiUser}:${apiSecret}`;
  };

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const sim: ForumPaySimulator = {
    get apiBase() {
      return `${origin}/pay/v2/`;
    },
    get origin() {
      return origin;
    },
    calls,
    payments: () => [...byId.values()].filter((p) => p.started),
    payment: (id) => byId.get(id),
    transfer(address, amount) {
      expireDue();
      const p = [...byId.values()].find((x) => x.address === address);
      if (!p) throw new Error(`no payment at address ${address}`);
      const units = coinUnits(amount);
      if (units <= 0n) throw new Error('a transfer sends more than nothing');
      p.transfers.push({ units, confirmations: 0, at: now() });
      settle(p);
      return p;
    },
    mine(blocks = 1) {
      expireDue();
      for (const p of byId.values()) {
        if (!p.transfers.length) continue;
        for (const t of p.transfers) t.confirmations += blocks;
        settle(p);
      }
    },
    advance(ms) {
      clock += ms;
      expireDue();
    },
    now,
    block(paymentId, reason = 'Blocked by compliance') {
      const p = byId.get(paymentId);
      if (!p) throw new Error(`no payment ${paymentId}`);
      p.reason = reason;
      changeState(p, 'blocked');
      return p;
    },
    fault(action, f) {
      faults.set(action, [...(faults.get(action) ?? []), f]);
    },
    webhooks: () => hooks.map((h) => ({ ...h })),
    async deliver({ order = 'sent', times = 1, paymentId } = {}) {
      const due = hooks.filter((h) => !h.deliveredAt && (!paymentId || h.paymentId === paymentId));
      if (order === 'reverse') due.reverse();
      const results: { seq: number; status: number }[] = [];
      for (const h of due)
        for (let i = 0; i < times; i++) {
          h.attempts++;
          const { status } = await postWebhook(h.url, h.body);
          if (status === 200) h.deliveredAt ??= now();
          results.push({ seq: h.seq, status });
        }
      return results;
    },
    async close() {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const raw = await readBody(req);
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if (raw && (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) Object.assign(params, Object.fromEntries(new URLSearchParams(raw)));
    if (raw && (req.headers['content-type'] ?? '').includes('application/json')) Object.assign(params, JSON.parse(raw) as Record<string, string>);

    // The sandbox wallet and the test API (no credentials, loopback only).
    if (url.pathname === '/sandboxWallet.transfer') {
      try {
        const p = sim.transfer(params.address ?? '', params.amount ?? '');
        return send(res, 200, { payment_id: p.payment_id, state: p.state });
      } catch (e) {
        return send(res, 400, { err: (e as Error).message });
      }
    }
    if (url.pathname.startsWith('/sandbox/')) {
      try {
        const op = url.pathname.slice('/sandbox/'.length);
        if (op === 'mine') sim.mine(Number(params.blocks ?? 1));
        else if (op === 'advance') sim.advance(Number(params.ms));
        else if (op === 'block') sim.block(params.payment_id ?? '', params.reason);
        else if (op === 'fault') sim.fault(params.action ?? '', JSON.parse(params.fault ?? '{}') as Fault);
        else if (op === 'deliver') return send(res, 200, { results: await sim.deliver({ order: params.order === 'reverse' ? 'reverse' : 'sent', times: Number(params.times ?? 1) }) });
        else if (op === 'payments') return send(res, 200, { payments: sim.payments().map((p) => ({ ...checkView(p), payment_id: p.payment_id, address: p.address })) });
        else return send(res, 404, { err: `Unknown test operation ${op}` });
        return send(res, 200, { ok: true });
      } catch (e) {
        return send(res, 400, { err: (e as Error).message });
      }
    }

    const m = /^\/pay\/v2\/([A-Za-z]+)\/?$/.exec(url.pathname);
    const action = m?.[1] ?? '';
    const record = (status: number) => calls.push({ action, method: req.method ?? 'GET', params, status });
    if (!m || !ACTIONS.has(action)) {
      record(404);
      return send(res, 404, { err: 'Not found' });
    }
    if (!authorised(req.headers.authorization)) {
      record(401);
      return send(res, 401, { err: 'No api key' });
    }
    if (req.method !== 'GET' && !(req.method === 'POST' && (action === 'StartPayment' || action === 'RequestKyc'))) {
      record(405);
      return send(res, 405, { err: `${action} is called with GET` });
    }
    if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));
    const f = faults.get(action)?.shift();
    if (f?.kind === 'reset') {
      record(0);
      return req.socket.destroy();
    }
    if (f?.kind === 'http500') {
      record(500);
      return send(res, 500, { err: 'Internal server error' });
    }
    if (f?.kind === 'err') {
      record(f.status ?? 400);
      return send(res, f.status ?? 400, { err: f.err, ...(f.errCode ? { err_code: f.errCode } : {}) });
    }
    try {
      const body = await api(action, params);
      record(f?.kind === 'timeout_after_commit' ? 0 : 200);
      // The call took effect; the answer never leaves (the socket is dropped when the simulator closes).
      if (f?.kind === 'timeout_after_commit') return;
      send(res, 200, body);
    } catch (e) {
      const status = e instanceof ApiError ? e.status : 500;
      record(status);
      send(res, status, e instanceof ApiError ? { err: e.err, ...(e.errCode ? { err_code: e.errCode } : {}) } : { err: 'Internal server error' });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let delivering = false;
  const timer = setInterval(() => {
    const plan = options.autoDeliver;
    if (!plan || delivering) return;
    delivering = true;
    void (async () => {
      for (const h of hooks.filter((x) => !x.deliveredAt && x.attempts < plan.maxAttempts)) {
        h.attempts++;
        if ((await postWebhook(h.url, h.body)).status === 200) h.deliveredAt = now();
      }
    })().finally(() => (delivering = false));
  }, options.autoDeliver?.intervalMs ?? 1000);
  timer.unref();
  if (!options.autoDeliver) clearInterval(timer);

  return sim;
}
