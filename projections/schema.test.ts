// The read-model types against the tables: each hand-written row interface has exactly its table's columns, each
// of a type the column holds (checked by tsc, which includes this file); a query naming a column or table that is
// not declared does not compile; and the specs here are the ones the projections create.
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { allProjections } from './index';
import type { ProjectionStore } from './projection';
import { storeRow, type ReadModelRows, type ReadModels, type StoreRow } from './schema';
import type { AccountStatusRow, AccountTokenRow } from './account-status';
import type { ConversationRow, PendingTipRow } from './chat-conversations';
import type { ChatMessageRow } from './chat-messages';
import type { CouponRow } from './coupons';
import type { CommentRow } from './engagement';
import type { FeedTagRow } from './feed-tags';
import type { MediaCategoryRow } from './media-library';
import type { MediaRow } from './media';
import type { MemberRow } from './members';
import type { PostMediaRow, PostRow, PostStatsRow, PostVersionRow } from './posts';
import type { OfferPaymentRow, PromotionRow } from './promotions';
import type { OfferAcceptanceRow } from './resubscribe-offers';
import type { CancellationRow, SubscriberRow } from './subscribers';
import type { TipRow } from './tips';
import type { TransactionRow } from './transactions';
import type { SessionRow, UserRow } from './users';
import type { CryptoPaymentRow, WalletHistoryRow, WalletRow } from './wallet';

/** true when `R` names exactly the columns of `Name` and every field fits its column as `apply` stores it. */
type Fits<Name extends keyof ReadModels, R> = [Exclude<keyof R, keyof StoreRow<Name>>, Exclude<keyof StoreRow<Name>, keyof R>] extends [never, never]
  ? R extends StoreRow<Name>
    ? true
    : { field_types_differ: Name }
  : { columns_differ: [Exclude<keyof R, keyof StoreRow<Name>>, Exclude<keyof StoreRow<Name>, keyof R>] };
const fits = <T extends true>(_: T[]) => {};

fits<
  | Fits<'account_status', AccountStatusRow>
  | Fits<'account_tokens', AccountTokenRow>
  | Fits<'chat_conversations', ConversationRow>
  | Fits<'chat_pending_tips', PendingTipRow>
  | Fits<'chat_messages', ChatMessageRow>
  | Fits<'coupons', CouponRow>
  | Fits<'post_comments', CommentRow>
  | Fits<'feed_tags', FeedTagRow>
  | Fits<'media_categories', MediaCategoryRow>
  | Fits<'media', MediaRow>
  | Fits<'members', MemberRow>
  | Fits<'posts', PostRow>
  | Fits<'post_media', PostMediaRow>
  | Fits<'post_stats', PostStatsRow>
  | Fits<'post_versions', PostVersionRow>
  | Fits<'promotions', PromotionRow>
  | Fits<'offer_payments', OfferPaymentRow>
  | Fits<'offer_acceptances', OfferAcceptanceRow>
  | Fits<'subscribers', SubscriberRow>
  | Fits<'subscription_cancellations', CancellationRow>
  | Fits<'tips', TipRow>
  | Fits<'transactions', TransactionRow>
  | Fits<'users', UserRow>
  | Fits<'sessions', SessionRow>
  | Fits<'wallets', WalletRow>
  | Fits<'wallet_history', WalletHistoryRow>
  | Fits<'crypto_payments', CryptoPaymentRow>
>([]);

// Never called: tsc checks that the typing bites.
export function queriesThatMustNotCompile(db: Kysely<ReadModels>, store: ProjectionStore<ReadModelRows>) {
  // @ts-expect-error apply puts a column the table does not have
  store.put('tips', { id: 't', amount: 1 });
  // @ts-expect-error a row without its primary key
  store.put('tips', { user_id: 'u' });
  store.put('tips', { id: 't', user_id: 'u', status: 'sent' });
  const rm = db.withSchema('rm');
  // @ts-expect-error a column the tips table does not have
  rm.selectFrom('tips').select('amount');
  // @ts-expect-error a table no projection declares
  rm.selectFrom('tip');
  // @ts-expect-error timestamps are compared as Dates (schema.ts timestamptz() for an ISO string)
  rm.selectFrom('tips').where('sent_at', '>', '2026-01-01T00:00:00.000Z');
  // @ts-expect-error a row written with a column renamed
  const renamed: StoreRow<'tips'> = { id: 't', user_id: 'u', amount: 1, tip_from: 'x', is_anonymous: false, message: '', status: 'sent', requested_at: '', sent_at: null };
  return renamed;
}

describe('read-model schema', () => {
  it('declares exactly the tables the projections create', () => {
    const created = allProjections.flatMap((p) => p.tables.map((t) => t.name)).sort();
    expect(new Set(created).size).toBe(created.length);
    // storeRow finds every table's spec by name (it throws on an unknown one).
    for (const name of created) expect(() => storeRow(name as keyof ReadModels, {} as never)).not.toThrow();
  });

  it('reads a row back in the shape apply wrote it', () => {
    const row = storeRow('tips', {
      id: 't1', user_id: 'u1', amount_cents: 250, tip_from: 'chat', is_anonymous: false, message: 'hi', status: 'sent',
      requested_at: new Date('2026-03-01T10:00:00.000Z'), sent_at: null,
    });
    expect(row).toEqual({
      id: 't1', user_id: 'u1', amount_cents: 250, tip_from: 'chat', is_anonymous: false, message: 'hi', status: 'sent',
      requested_at: '2026-03-01T10:00:00.000Z', sent_at: null,
    });
  });
});
