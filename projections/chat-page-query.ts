// A conversation page in ONE statement: the page of messages, their media (and previews), the conversation's
// counts and read marks, the fan's name, whether staff hid them from chat, their subscription and the site
// settings. Like the feed (projections/feed-query.ts), the chat page is read on every open and every scroll;
// on PGlite every statement crosses into wasm and on the server every statement is a round trip, so one
// statement instead of seven is most of its speed (tests/bench/chat.ts measures it against a raw SELECT).
// It reads several read models without owning any of them.
import { sql, type Kysely } from 'kysely';
import type { SiteSettings } from '../domain/settings/settings';
import { DEFAULT_SETTINGS } from '../domain/settings/settings';
import { chatMessageRow, visibleSql, type ChatMessageRow } from './chat-messages';
import { conversationRow, type ConversationRow } from './chat-conversations';
import { subscriberRow, type SubscriberRow } from './subscribers';
import type { MediaRow } from './media';
import { storeRow, type ReadModels } from './schema';

export interface ChatPageBundle {
  /** The page, oldest first. */
  rows: ChatMessageRow[];
  media: Map<string, MediaRow>;
  conversation: ConversationRow | undefined;
  fanName: string;
  hiddenFromChat: boolean;
  subscriber: SubscriberRow | undefined;
  settings: SiteSettings;
}

export async function chatPageBundle(
  db: Kysely<ReadModels>,
  o: { fanId: string; page: number; pageSize: number; forStaff: boolean },
): Promise<ChatPageBundle> {
  const r = await sql<{ rows: unknown[]; media: unknown[]; conversation: unknown; fan_name: string | null; hidden: boolean | null; subscriber: unknown; settings: unknown }>`
    WITH page AS (
      SELECT * FROM rm.chat_messages WHERE fan_id = ${o.fanId} AND status = 'sent' AND ${visibleSql(o.forStaff)}
      ORDER BY created_at DESC, id DESC LIMIT ${o.pageSize} OFFSET ${(o.page - 1) * o.pageSize}
    ),
    ids AS (
      SELECT jsonb_array_elements(page.media)->>'mediaId' AS id FROM page
      UNION SELECT page.preview_media_id FROM page WHERE page.preview_media_id IS NOT NULL
    )
    SELECT
      (SELECT COALESCE(jsonb_agg(to_jsonb(page) ORDER BY page.created_at ASC, page.id ASC), '[]'::jsonb) FROM page) AS rows,
      (SELECT COALESCE(jsonb_agg(to_jsonb(m)), '[]'::jsonb) FROM rm.media m WHERE m.id IN (SELECT id FROM ids)) AS media,
      (SELECT to_jsonb(c) FROM rm.chat_conversations c WHERE c.fan_id = ${o.fanId}) AS conversation,
      (SELECT u.name FROM rm.users u WHERE u.id = ${o.fanId}) AS fan_name,
      (SELECT m.hidden_from_chat FROM rm.members m WHERE m.user_id = ${o.fanId}) AS hidden,
      (SELECT to_jsonb(s) FROM rm.subscribers s WHERE s.user_id = ${o.fanId}) AS subscriber,
      (SELECT s.values FROM rm.site_settings s WHERE s.id = 'site') AS settings
  `.execute(db);
  const row = r.rows[0];
  const media = new Map<string, MediaRow>((row.media as Parameters<typeof storeRow<'media'>>[1][]).map((m) => {
    const v = storeRow('media', m) as MediaRow;
    return [v.id, v];
  }));
  return {
    rows: (row.rows as Record<string, unknown>[]).map(chatMessageRow),
    media,
    conversation: row.conversation ? conversationRow(row.conversation as ConversationRow) : undefined,
    fanName: row.fan_name ?? '',
    hiddenFromChat: !!row.hidden,
    subscriber: row.subscriber ? subscriberRow(row.subscriber as Parameters<typeof subscriberRow>[0]) : undefined,
    settings: { ...DEFAULT_SETTINGS, ...((row.settings as Partial<SiteSettings> | null) ?? {}) },
  };
}
