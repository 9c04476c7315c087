// A sandbox card gateway that behaves like a real provider: it keeps its own records (in its own schema, as
// a provider would on its side), tokenises cards, and answers charges idempotently by key.
// Test numbers (see SANDBOX_TEST_CARDS in domain/shared/wire.ts and the README) choose the outcome.
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { CardGateway, TokenisedCard } from './port';
import type { GatewayOutcome } from '../../domain/payment/payment';
import { SANDBOX_TEST_CARDS } from '../../domain/shared/wire';
import { detectCardBrand } from '../../domain/card/card-form';

type Behaviour = 'approve' | 'decline' | 'minus23' | 'minus24' | 'cascade';

const BEHAVIOUR_BY_NUMBER: Record<string, Behaviour> = {
  [SANDBOX_TEST_CARDS.decline]: 'decline',
  [SANDBOX_TEST_CARDS.failMinus23]: 'minus23',
  [SANDBOX_TEST_CARDS.failMinus24]: 'minus24',
  [SANDBOX_TEST_CARDS.allowCascade]: 'cascade',
};

const OUTCOMES: Record<Exclude<Behaviour, 'approve'>, Extract<GatewayOutcome, { status: 'declined' }>> = {
  decline: { status: 'declined', failureCode: 'declined', message: 'Payment failed.', allowCascade: false },
  minus23: { status: 'declined', failureCode: '-23', message: 'Your card has expired. Please update your card details.', allowCascade: false },
  minus24: { status: 'declined', failureCode: '-24', message: 'Your card was declined for insufficient funds. Please update your card details.', allowCascade: false },
  cascade: { status: 'declined', failureCode: 'authorization', message: 'Problem in card authorization please re-enter your card details or add new card.', allowCascade: true },
};

export async function createSandboxCardGateway(database: Database): Promise<CardGateway> {
  await database.exec(`
    CREATE SCHEMA IF NOT EXISTS sandbox_gateway;
    CREATE TABLE IF NOT EXISTS sandbox_gateway.cards (
      token text PRIMARY KEY, fingerprint text NOT NULL, brand text NOT NULL, last4 text NOT NULL,
      behaviour text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE IF NOT EXISTS sandbox_gateway.charges (
      idempotency_key text PRIMARY KEY, transaction_id text NOT NULL, token text NOT NULL,
      amount_cents integer NOT NULL, status text NOT NULL, failure_code text, message text,
      allow_cascade boolean NOT NULL DEFAULT false, created_at timestamptz NOT NULL DEFAULT now());
  `);
  const db = database.db;

  const toOutcome = (row: any | { status: string; transaction_id: string; failure_code: string | null; message: string | null; allow_cascade: boolean }): GatewayOutcome =>
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
      const row =
        inserted ??
        (await db.withSchema('sandbox_gateway').selectFrom('charges').selectAll().where('idempotency_key', '=', request.idempotencyKey).executeTakeFirstOrThrow());
      return toOutcome(row);
    },
  };
}

/** For tests and the ledger check: how many captures the provider made for a key or in total. */
export async function sandboxCaptures(database: Database): Promise<{ count: number; cents: number }> {
  const r = await sql<{ count: number; cents: number }>`SELECT count(*)::int AS count, COALESCE(sum(amount_cents), 0)::int AS cents FROM sandbox_gateway.charges WHERE status = 'captured'`.execute(database.db);
  return r.rows[0];
}
