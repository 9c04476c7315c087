// Read model: subscribers with their membership dates (status is derived from expires_at at read time).
import type { Kysely } from 'kysely';
import type { Projection } from './projection';

export interface SubscriberRow {
  user_id: string;
  price_cents: number;
  recurring_price_cents: number;
  payment_method: string;
  started_at: string;
  expires_at: string;
  next_billing_at: string | null;
  periods: number;
  last_payment_id: string;
}

export const subscribersProjection: Projection = {
  name: 'subscribers',
  tables: [
    {
      name: 'subscribers',
      columns: {
        user_id: 'text', price_cents: 'bigint', recurring_price_cents: 'bigint', payment_method: 'text', started_at: 'timestamptz',
        expires_at: 'timestamptz', next_billing_at: 'timestamptz', periods: 'integer', last_payment_id: 'text',
      },
      primaryKey: ['user_id'],
      indexes: [['started_at'], ['expires_at']],
    },
  ],
  handles: ['SubscriptionStarted', 'ComplimentarySubscriptionGiven'],
  async apply(event, store) {
    const d = event.data as Record<string, any>;
    const prev = await store.get<SubscriberRow>('subscribers', { user_id: d.userId });
    if (event.type === 'ComplimentarySubscriptionGiven') {
      store.put('subscribers', {
        user_id: d.userId, price_cents: prev?.price_cents ?? 0, recurring_price_cents: prev?.recurring_price_cents ?? 0,
        payment_method: 'complimentary', started_at: prev?.started_at ?? d.startedAt, expires_at: d.expiresAt,
        next_billing_at: null, periods: prev?.periods ?? 0, last_payment_id: prev?.last_payment_id ?? '',
      });
      return;
    }
    store.put('subscribers', {
      user_id: d.userId,
      price_cents: d.amountCents,
      recurring_price_cents: d.recurringCents,
      payment_method: d.paymentMethod ?? prev?.payment_method ?? 'card',
      started_at: prev?.started_at ?? d.startedAt,
      expires_at: d.expiresAt,
      next_billing_at: d.nextBillingAt,
      periods: (prev?.periods ?? 0) + 1,
      last_payment_id: d.paymentId,
    });
  },
};

export async function findSubscriber(db: Kysely<any>, userId: string): Promise<SubscriberRow | undefined> {
  return (await db.withSchema('rm').selectFrom('subscribers').selectAll().where('user_id', '=', userId).executeTakeFirst()) as SubscriberRow | undefined;
}

export const subscriberStatus = (row: Pick<SubscriberRow, 'expires_at'> | undefined, nowIso: string): 'active' | 'expired' | null =>
  !row ? null : Date.parse(row.expires_at) > Date.parse(nowIso) ? 'active' : 'expired';
