// A conversation page in ONE statement: the page of messages, their media (and previews), the conversation's
// counts and read marks, the fan's name, whether staff hid them from chat, their subscription, the site
// settings and the latest locked-content promotion. Like the feed (projections/feed-query.ts), the chat page is
// read on every open and every scroll; on PGlite every statement crosses into wasm and on the server every
// statement is a round trip, so one statement instead of eight is most of its speed (tests/bench/chat.ts measures
// it against a raw SELECT).
// It reads several read models without owning any of them.
import type { SiteSettings } from '../domain/settings/settings';
import { DEFAULT_SETTINGS } from '../domain/settings/settings';
import { chatMessageRow, type ChatMessageRead, type ChatMessageRow } from './chat-messages';
import { conversationRow, type ConversationRow } from './chat-conversations';
import { subscriberRow, type SubscriberRow } from './subscribers';
import type { MediaRow } from './media';
import type { Promotion, PromotionState } from '../domain/promotion/promotion';
import { storeRow } from './schema';
import type { Database } from '../infra/db/database';
import type { SessionLookup } from './users';

export interface ChatPageBundle {
  /** The page, oldest first. */
  rows: ChatMessageRow[];
  media: Map<string, MediaRow>;
  conversation: ConversationRow | undefined;
  fanName: string;
  hiddenFromChat: boolean;
  subscriber: SubscriberRow | undefined;
  settings: SiteSettings;
  /** The latest locked-content promotion as the read model has it (whether it runs now is judged on use). */
  lockedContentPromotion: PromotionState;
}

type PageJson = { rows: ChatMessageRead[]; media: unknown[]; conversation: unknown; fan_name: string | null; hidden: boolean | null; subscriber: unknown; settings: unknown; promotion: { id: string; data: unknown; ended_at: string | null } | null };

/**
 * A conversation page through the read function rm.chat_page (projections/read-functions.ts): one statement,
 * planned once per connection.
 */
export async function chatPageBundle(
  database: Pick<Database, 'read'>,
  o: { fanId: string; page: number; pageSize: number; forStaff: boolean },
): Promise<ChatPageBundle> {
  const [r] = await database.read<{ b: PageJson }>(
    'read_chat_page',
    'SELECT rm.chat_page($1::text, $2::boolean, $3::integer, $4::integer) AS b',
    [o.fanId, o.forStaff, o.pageSize, (o.page - 1) * o.pageSize],
  );
  return bundleFrom(r.b);
}

/**
 * A fan's own conversation page read with the session behind their token, in one statement
 * (rm.chat_page_with_session): the live session (undefined: none under that token) and the page of its user's
 * conversation as the fan sees it (null: the account is blocked or deleted, and the page is not read).
 */
export async function chatPageWithSession(
  database: Pick<Database, 'read'>,
  o: { tokenHash: string; nowIso: string; page: number; pageSize: number },
): Promise<{ session: SessionLookup | undefined; bundle: ChatPageBundle | null }> {
  const [row] = await database.read<SessionLookup & { page: PageJson | null }>(
    'read_chat_page_with_session',
    'SELECT * FROM rm.chat_page_with_session($1::text, $2::timestamptz, $3::integer, $4::integer)',
    [o.tokenHash, o.nowIso, o.pageSize, (o.page - 1) * o.pageSize],
  );
  if (!row) return { session: undefined, bundle: null };
  const { page, ...session } = row;
  return { session, bundle: page ? bundleFrom(page) : null };
}

function bundleFrom(row: PageJson): ChatPageBundle {
  const media = new Map<string, MediaRow>((row.media as Parameters<typeof storeRow<'media'>>[1][]).map((m) => {
    const v = storeRow('media', m) as MediaRow;
    return [v.id, v];
  }));
  const p = row.promotion;
  return {
    rows: row.rows.map(chatMessageRow),
    media,
    conversation: row.conversation ? conversationRow(row.conversation as ConversationRow) : undefined,
    fanName: row.fan_name ?? '',
    hiddenFromChat: !!row.hidden,
    subscriber: row.subscriber ? subscriberRow(row.subscriber as Parameters<typeof subscriberRow>[0]) : undefined,
    settings: { ...DEFAULT_SETTINGS, ...((row.settings as Partial<SiteSettings> | null) ?? {}) },
    lockedContentPromotion: p ? { current: p.data as Promotion, currentEnded: p.ended_at !== null, knownIds: [p.id] } : { current: null, currentEnded: false, knownIds: [] },
  };
}
