// A sandbox card gateway that behaves like a real provider: it keeps its own records (in its own schema, as
// a provider would on its side), tokenises cards, and answers charges idempotently by key.
// Test numbers (see SANDBOX_TEST_CARDS in domain/card/wire.ts and the README) choose the outcome.
//
// Like a real provider it also sends notices (webhooks) about charges, refunds, voids and chargebacks, signed
// with the shared secret, to the app's webhook endpoint: each notice is kept until the endpoint answers 2xx and
// redelivered with backoff otherwise, so the app sees some notices more than once and, after a retry, out of
// order. Tests drive delivery by hand (deliver) to choose the order and the repeats.
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { CARD_UPDATE_DECLINES } from '../../domain/payment/card-update';
import type { Selectable } from 'kysely';
import type { Database, Defaulted, DefaultedTimestamp } from '../db/database';
import type { CardGateway, GatewayNotice, NoticeType, ReverseOutcome, TokenisedCard } from './port';
import { noticeDelivery, type NoticesTable } from './notice-delivery';
import type { GatewayOutcome } from '../../domain/payment/payment';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { detectCardBrand } from '../../domain/card/card-form';

type Behaviour = 'approve' | 'decline' | 'minus23' | 'minus24' | 'cascade' | 'secure3d';

const BEHAVIOUR_BY_NUMBER: Record<string, Behaviour> = {
  [SANDBOX_TEST_CARDS.decline]: 'decline',
  [SANDBOX_TEST_CARDS.failMinus23]: 'minus23',
  [SANDBOX_TEST_CARDS.failMinus24]: 'minus24',
  [SANDBOX_TEST_CARDS.allowCascade]: 'cascade',
  [SANDBOX_TEST_CARDS.failSecure3d]: 'secure3d',
};

const OUTCOMES: Record<Exclude<Behaviour, 'approve'>, Extract<GatewayOutcome, { status: 'declined' }>> = {
  decline: { status: 'declined', failureCode: 'declined', message: 'Payment failed.', allowCascade: false },
  minus23: { status: 'declined', ...CARD_UPDATE_DECLINES.expired, allowCascade: false },
  minus24: { status: 'declined', ...CARD_UPDATE_DECLINES.insufficientFunds, allowCascade: false },
  cascade: { status: 'declined', failureCode: 'authorization', message: 'Problem in card authorization please re-enter your card details or add new card.', allowCascade: true },
  secure3d: { status: 'declined', failureCode: '3ds_failed', message: 'Payment failed.', allowCascade: false },
};

// The notice shapes belong to the card gateway's port (commands apply them); re-exported for the adapter's users.
export type { GatewayNotice, NoticeType } from './port';

export interface SandboxCardGateway extends CardGateway {
  /** Notices not yet acknowledged by the endpoint, oldest first. */
  pendingNotices(): Promise<GatewayNotice[]>;
  /**
   * Posts pending notices now (tests): in the order given (default oldest first), each `times` times; a 2xx
   * answer marks a notice delivered. Returns the HTTP status of every post.
   */
  deliver(options?: { ids?: string[]; times?: number }): Promise<{ id: string; status: number }[]>;
  /** The card holder's bank takes the money back (sandbox control for tests and the console). */
  chargeback(idempotencyKey: string, reason?: string): Promise<ReverseOutcome>;
  /** Delivers notices in the background, retrying failures with backoff, until stopped. */
  startDelivery(options?: { intervalMs?: number }): { stop(): Promise<void> };
}

export interface SandboxOptions {
  /** Where notices go (the app's POST /api/webhooks/sandbox-card) and the secret they are signed with. */
  webhook?: { url: () => string | null; secret: string };
}

/** The sandbox provider's own books (schema sandbox_gateway): tokenised cards, charges, the notices it sends. */
type SandboxCardTables = {
  cards: { token: string; fingerprint: string; brand: string; last4: string; behaviour: string; created_at: DefaultedTimestamp };
  charges: {
    idempotency_key: string;
    transaction_id: string;
    token: string;
    amount_cents: number;
    status: string;
    failure_code: string | null;
    message: string | null;
    allow_cascade: Defaulted<boolean>;
    created_at: DefaultedTimestamp;
    reversal: string | null;
  };
  notices: NoticesTable;
  part_refunds: { refund_key: string; idempotency_key: string; amount_cents: number };
};
type Charge = Selectable<SandboxCardTables['charges']>;

export async function createSandboxCardGateway(database: Database, options: SandboxOptions = {}): Promise<SandboxCardGateway> {
  await database.exec(`
    CREATE SCHEMA IF NOT EXISTS sandbox_gateway;
    CREATE TABLE IF NOT EXISTS sandbox_gateway.cards (
      token text PRIMARY KEY, fingerprint text NOT NULL, brand text NOT NULL, last4 text NOT NULL,
      behaviour text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE IF NOT EXISTS sandbox_gateway.charges (
      idempotency_key text PRIMARY KEY, transaction_id text NOT NULL, token text NOT NULL,
      amount_cents integer NOT NULL, status text NOT NULL, failure_code text, message text,
      allow_cascade boolean NOT NULL DEFAULT false, created_at timestamptz NOT NULL DEFAULT now());
    ALTER TABLE sandbox_gateway.charges ADD COLUMN IF NOT EXISTS reversal text;
    CREATE TABLE IF NOT EXISTS sandbox_gateway.part_refunds (refund_key text PRIMARY KEY, idempotency_key text NOT NULL, amount_cents integer NOT NULL);
    CREATE TABLE IF NOT EXISTS sandbox_gateway.notices (
      id text PRIMARY KEY, seq bigserial NOT NULL, type text NOT NULL, body text NOT NULL,
      attempts integer NOT NULL DEFAULT 0, next_attempt_at timestamptz NOT NULL DEFAULT now(), delivered_at timestamptz,
      last_status integer);
    CREATE INDEX IF NOT EXISTS notices_pending ON sandbox_gateway.notices (next_attempt_at) WHERE delivered_at IS NULL;
  `);
  const db = database.db.withTables<SandboxCardTables>();
  const delivery = noticeDelivery(database.db, 'sandbox_gateway', options.webhook);

  const toOutcome = (row: Charge): GatewayOutcome =>
    row.status === 'captured'
      ? { status: 'captured', gatewayTransactionId: row.transaction_id }
      : { status: 'declined', failureCode: row.failure_code ?? 'declined', message: row.message ?? 'Payment failed.', allowCascade: row.allow_cascade };

  return {
    name: 'sandbox',
    async tokenise(card): Promise<TokenisedCard> {
      const brand = detectCardBrand(card.number) ?? 'unknown';
      const token = `tok_${randomUUID().replace(/-/g, '')}`;
      // The provider keeps a fingerprint, never the number in clear; we keep nothing but what is returned.
      const fingerprint = createHash('sha256').update(card.number).digest('hex');
      await db
        .withSchema('sandbox_gateway')
        .insertInto('cards')
        .values({ token, fingerprint, brand, last4: card.number.slice(-4), behaviour: BEHAVIOUR_BY_NUMBER[card.number] ?? 'approve' })
        .execute();
      return { cardToken: token, brand, last4: card.number.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
    },
    async charge(request): Promise<GatewayOutcome> {
      const card = await db.withSchema('sandbox_gateway').selectFrom('cards').selectAll().where('token', '=', request.cardToken).executeTakeFirst();
      const behaviour = (card?.behaviour ?? 'decline') as Behaviour;
      const declined = behaviour === 'approve' ? null : OUTCOMES[behaviour];
      const inserted = await db
        .withSchema('sandbox_gateway')
        .insertInto('charges')
        .values({
          idempotency_key: request.idempotencyKey,
          transaction_id: `sbx_${randomUUID().replace(/-/g, '').slice(0, 20)}`,
          token: request.cardToken,
          amount_cents: request.amountCents,
          status: declined ? 'declined' : 'captured',
          failure_code: declined?.failureCode ?? null,
          message: declined?.message ?? null,
          allow_cascade: declined?.allowCascade ?? false,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) {
        await notice(inserted.status === 'captured' ? 'charge.succeeded' : 'charge.failed', inserted, {
          // A declined charge always carries its failure code and message (OUTCOMES).
          ...(inserted.status === 'captured' ? {} : { failure_code: inserted.failure_code ?? undefined, message: inserted.message ?? undefined, allow_cascade: inserted.allow_cascade }),
        });
      }
      const row =
        inserted ??
        (await db.withSchema('sandbox_gateway').selectFrom('charges').selectAll().where('idempotency_key', '=', request.idempotencyKey).executeTakeFirstOrThrow());
      return toOutcome(row);
    },
    reverse: (request) => reverse(request.idempotencyKey, request.kind, request.reason ?? null),
    async refundPart(request): Promise<ReverseOutcome> {
      const charge = await db.withSchema('sandbox_gateway').selectFrom('charges').selectAll().where('idempotency_key', '=', request.idempotencyKey).executeTakeFirst();
      if (!charge || charge.status !== 'captured') return { status: 'not_captured' };
      if (charge.reversal) return { status: 'already_reversed', gatewayTransactionId: charge.transaction_id };
      // Never more in all than the charge: the insert only happens while what is left covers it.
      const inserted = await sql<{ refund_key: string }>`
        INSERT INTO sandbox_gateway.part_refunds (refund_key, idempotency_key, amount_cents)
        SELECT ${request.refundKey}, ${request.idempotencyKey}, ${request.amountCents}
        WHERE ${request.amountCents} + (SELECT COALESCE(sum(amount_cents), 0) FROM sandbox_gateway.part_refunds WHERE idempotency_key = ${request.idempotencyKey}) <= ${charge.amount_cents}
        ON CONFLICT (refund_key) DO NOTHING RETURNING refund_key`.execute(db);
      if (inserted.rows.length) return { status: 'reversed', gatewayTransactionId: charge.transaction_id };
      const seen = await db.withSchema('sandbox_gateway').selectFrom('part_refunds').selectAll().where('refund_key', '=', request.refundKey).executeTakeFirst();
      return seen ? { status: 'already_reversed', gatewayTransactionId: charge.transaction_id } : { status: 'not_captured' };
    },
    chargeback: (idempotencyKey, reason) => reverse(idempotencyKey, 'chargeback', reason ?? null),
    async pendingNotices() {
      const rows = await db.withSchema('sandbox_gateway').selectFrom('notices').select('body').where('delivered_at', 'is', null).orderBy('seq').execute();
      return rows.map((r) => JSON.parse(r.body) as GatewayNotice);
    },
    ...delivery,
  };

  async function notice(type: NoticeType, charge: Charge, extra: Partial<GatewayNotice['data']> = {}) {
    const n: GatewayNotice = {
      id: `evt_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
      type,
      created: Math.floor(Date.now() / 1000),
      data: { idempotency_key: String(charge.idempotency_key), transaction_id: String(charge.transaction_id), amount_cents: Number(charge.amount_cents), ...extra },
    };
    await db.withSchema('sandbox_gateway').insertInto('notices').values({ id: n.id, type, body: JSON.stringify(n) }).execute();
  }

  async function reverse(idempotencyKey: string, kind: 'refund' | 'void' | 'chargeback', reason: string | null): Promise<ReverseOutcome> {
    // One reversal per charge, decided by a conditional update (concurrent asks cannot both win).
    const updated = await db
      .withSchema('sandbox_gateway')
      .updateTable('charges')
      .set({ reversal: kind })
      .where('idempotency_key', '=', idempotencyKey)
      .where('status', '=', 'captured')
      .where('reversal', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (updated) {
      await notice(kind === 'refund' ? 'charge.refunded' : kind === 'void' ? 'charge.voided' : 'charge.chargeback', updated, { reason });
      return { status: 'reversed', gatewayTransactionId: updated.transaction_id };
    }
    const row = await db.withSchema('sandbox_gateway').selectFrom('charges').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    return row?.status === 'captured' ? { status: 'already_reversed', gatewayTransactionId: row.transaction_id } : { status: 'not_captured' };
  }

}

/** The ledger check's view of the provider's books: what it captured, net of what it gave back. */
export async function sandboxNetCents(database: Database): Promise<number> {
  const r = await sql<{ c: string }>`
    SELECT COALESCE(sum(c.amount_cents - COALESCE((SELECT sum(p.amount_cents) FROM sandbox_gateway.part_refunds p WHERE p.idempotency_key = c.idempotency_key), 0))
      FILTER (WHERE c.reversal IS NULL), 0) AS c
    FROM sandbox_gateway.charges c WHERE c.status = 'captured'`.execute(database.db);
  return Number(r.rows[0].c);
}

/** For tests and the ledger check: how many captures the provider made for a key or in total. */
export async function sandboxCaptures(database: Database): Promise<{ count: number; cents: number }> {
  const r = await sql<{ count: number; cents: number }>`SELECT count(*)::int AS count, COALESCE(sum(amount_cents), 0)::int AS cents FROM sandbox_gateway.charges WHERE status = 'captured'`.execute(database.db);
  return r.rows[0];
}
