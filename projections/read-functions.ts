// The hottest reads as PL/pgSQL functions in the read-model schema: the feed page (projections/feed-query.ts), a
// conversation page (projections/chat-page-query.ts), the session behind a token (projections/users.ts), and a
// fan's feed or conversation page together with their session. A function's statements are planned once per database
// connection and the plan kept, where a statement sent as text is parsed and planned on every request — for these
// pages, with their many subqueries, planning costs about as much as running them (on PGlite, in wasm, most of
// the page's time). The statements are the same ones the pages ran before, one per kind of page; each function
// answers with one JSON object that the query module turns into rows.
//
// Their plans are generic (plan_cache_mode = force_generic_plan): left to choose, Postgres compares a generic plan's
// estimate with the plans made for the actual values, finds the latter cheaper on paper and plans anew on every
// call, which is the cost these functions exist to avoid. The statements are written so that the generic plan is
// the good one (the index walks the pages need whatever the values).
//
// They read the tables of several read models and own none. They are created (replaced) on every start, after the
// tables exist and after a rebuild's swap, with the final schema's name in their bodies (see projections/rebuild.ts):
// nothing in them is part of the read models' version, so changing one needs no rebuild.
import { quoteIdent } from './unit-of-work';

/** The bundle columns every feed page has, from a `page` CTE of posts (see projections/feed-query.ts). */
function feedBundleSelect(s: string, total: string, nextDue: string): string {
  return `
    SELECT json_build_object(
      'rows', (SELECT COALESCE(json_agg(page ORDER BY page.publish_at DESC, page.id DESC), '[]'::json) FROM page),
      'media', (SELECT COALESCE(json_agg(m), '[]'::json) FROM ${s}.media m WHERE m.id IN (
          SELECT jsonb_array_elements(page.media)->>'mediaId' FROM page
          UNION SELECT page.preview_media_id FROM page WHERE page.preview_media_id IS NOT NULL)),
      'unlocked', (SELECT COALESCE(json_agg(page.id), '[]'::json) FROM page WHERE EXISTS (
          SELECT 1 FROM ${s}.posts q JOIN ${s}.post_unlocks u ON u.post_id = q.id AND u.user_id = p_user WHERE q.root_post_id = page.root_post_id)),
      'liked', (SELECT COALESCE(json_agg(l.post_id), '[]'::json) FROM ${s}.post_likes l WHERE l.user_id = p_user AND l.post_id IN (SELECT id FROM page)),
      'tags', (SELECT COALESCE(json_agg(json_build_object('post_id', pt.post_id, '_id', t.id, 'slug', t.slug, 'name', t.name)), '[]'::json)
          FROM ${s}.feed_post_tags pt JOIN ${s}.feed_tags t ON t.id = pt.tag_id WHERE pt.post_id IN (SELECT id FROM page)),
      'settings', (SELECT st.values FROM ${s}.site_settings st WHERE st.id = 'site'),
      'member_until', (SELECT sub.expires_at FROM ${s}.subscribers sub WHERE sub.user_id = p_user),
      'member_tier', (SELECT sub.tier_id FROM ${s}.subscribers sub WHERE sub.user_id = p_user),
      'tiers', (SELECT COALESCE(json_agg(json_build_object('tier_id', t.tier_id, 'name', t.name, 'rank', t.rank)), '[]'::json) FROM ${s}.membership_tiers t),
      'total', ${total},
      'next_due', ${nextDue})`;
}

function feedPageFunction(s: string): string {
  const order = 'ORDER BY p.publish_at DESC, p.id DESC LIMIT p_limit OFFSET p_offset';
  const tagged = `EXISTS (SELECT 1 FROM ${s}.feed_post_tags t WHERE t.post_id = p.id AND t.tag_id = p_tag)`;
  // Fans: published (publish_at <= now, not a job: a scheduled post appears on time, also after a restart) and
  // processed. Staff: every post that is not deleted.
  const fans = 'p.fan_visible = true AND p.publish_at <= p_now';
  const staff = 'p.deleted = false';
  // The unfiltered total comes from the kept totals (projections/posts.ts post_stats): fans lose the visible posts not
  // due yet (few, indexed). A tag filter counts its (smaller) set.
  // A kept plan is made without knowing p_now, and would guess that a third of the posts are due later and count
  // them with a scan of the whole table. Bounding the range on both sides makes the guess a narrow range (there are
  // few such posts), so the count walks the (fan_visible, publish_at) index. No post is due at infinity.
  const later = `p.fan_visible = true AND p.publish_at > p_now AND p.publish_at < 'infinity'::timestamptz`;
  const fansNext = `(SELECT min(p.publish_at) FROM ${s}.posts p WHERE ${later})`;
  const branch = (where: string, total: string, nextDue: string) =>
    `RETURN (WITH page AS (SELECT p.* FROM ${s}.posts p WHERE ${where} ${order}) ${feedBundleSelect(s, total, nextDue)});`;
  return `
CREATE OR REPLACE FUNCTION ${s}.feed_page(p_staff boolean, p_now timestamptz, p_limit integer, p_offset integer, p_tag text, p_user text)
RETURNS json LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $fn$
BEGIN
  IF p_staff AND p_tag IS NULL THEN
    ${branch(staff, `(SELECT COALESCE((SELECT live FROM ${s}.post_stats WHERE key = 'posts'), 0))`, 'NULL::timestamptz')}
  ELSIF p_staff THEN
    ${branch(`${staff} AND ${tagged}`, `(SELECT count(*) FROM ${s}.posts p WHERE ${staff} AND ${tagged})`, 'NULL::timestamptz')}
  ELSIF p_tag IS NULL THEN
    ${branch(fans, `(SELECT COALESCE((SELECT fan_visible FROM ${s}.post_stats WHERE key = 'posts'), 0) - (SELECT count(*) FROM ${s}.posts p WHERE ${later}))`, fansNext)}
  ELSE
    ${branch(`${fans} AND ${tagged}`, `(SELECT count(*) FROM ${s}.posts p WHERE ${fans} AND ${tagged})`, fansNext)}
  END IF;
END
$fn$`;
}

function chatPageFunction(s: string): string {
  // Staff see every sent message but those deleted for all; the fan not those hidden from them either (the same
  // rule as visibleSql in projections/chat-messages.ts). Written with IS NULL / OR rather than COALESCE, which the
  // planner can only guess at (one row in 200): a kept plan made on that guess sorts the fan's whole conversation
  // instead of walking the (fan_id, status, created_at) index back from the newest message.
  const branch = (visible: string) => `RETURN (
    WITH page AS (
      SELECT * FROM ${s}.chat_messages WHERE fan_id = p_fan AND status = 'sent' AND ${visible}
      ORDER BY created_at DESC, id DESC LIMIT p_limit OFFSET p_offset
    )
    SELECT json_build_object(
      'rows', (SELECT COALESCE(json_agg(page ORDER BY page.created_at ASC, page.id ASC), '[]'::json) FROM page),
      'media', (SELECT COALESCE(json_agg(m), '[]'::json) FROM ${s}.media m WHERE m.id IN (
          SELECT jsonb_array_elements(page.media)->>'mediaId' FROM page
          UNION SELECT page.preview_media_id FROM page WHERE page.preview_media_id IS NOT NULL)),
      'conversation', (SELECT to_json(c) FROM ${s}.chat_conversations c WHERE c.fan_id = p_fan),
      'fan_name', (SELECT u.name FROM ${s}.users u WHERE u.id = p_fan),
      'hidden', (SELECT mb.hidden_from_chat FROM ${s}.members mb WHERE mb.user_id = p_fan),
      'subscriber', (SELECT to_json(sub) FROM ${s}.subscribers sub WHERE sub.user_id = p_fan),
      'settings', (SELECT st.values FROM ${s}.site_settings st WHERE st.id = 'site'),
      -- The latest locked-content promotion (running, expired or ended): whether it runs now is decided by the caller.
      'promotion', (SELECT json_build_object('id', pr.id, 'data', pr.data, 'ended_at', pr.ended_at) FROM ${s}.promotions pr
          WHERE pr.promotion_type = 'LOCKED_CONTENT' ORDER BY pr.created_at DESC, pr.id DESC LIMIT 1))
  );`;
  return `
CREATE OR REPLACE FUNCTION ${s}.chat_page(p_fan text, p_staff boolean, p_limit integer, p_offset integer)
RETURNS json LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $fn$
BEGIN
  IF p_staff THEN
    ${branch(`(deleted IS NULL OR deleted <> 'all')`)}
  ELSE
    ${branch(`(deleted IS NULL OR deleted = 'none')`)}
  END IF;
END
$fn$`;
}

/**
 * The live session behind a token hash, with its user and the standing staff gave them: its columns and FROM/WHERE,
 * for find_session and the pages read with their session.
 */
const sessionColumns = 's.session_id, s.user_id, s.expires_at, u.role, u.email, u.name, m.role, m.blocked, m.deleted';
const SESSION_RESULT = 'session_id text, user_id text, expires_at timestamptz, role text, email text, name text, member_role text, member_blocked boolean, member_deleted boolean';
const sessionFrom = (s: string) => `
    FROM ${s}.sessions s JOIN ${s}.users u ON u.id = s.user_id LEFT JOIN ${s}.members m ON m.user_id = s.user_id
    WHERE s.token_hash = p_token_hash AND s.expires_at > p_now`;

function sessionFunction(s: string): string {
  // Every authenticated request runs it (api/auth.ts, through projections/users.ts findSession), but the pages read
  // with their session (below).
  return `
CREATE OR REPLACE FUNCTION ${s}.find_session(p_token_hash text, p_now timestamptz)
RETURNS TABLE (${SESSION_RESULT})
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $fn$
BEGIN
  RETURN QUERY SELECT ${sessionColumns}${sessionFrom(s)};
END
$fn$`;
}

/**
 * A fan's page read together with the session behind the request's token: one round trip where the session and the
 * page would be two. The session's row (none: no live session under that token; a proxy session is looked up by the
 * caller) with `page` the page as its own function answers it for the session's user, or null for an account staff
 * blocked or deleted (that request is refused or served as a guest's, which the caller reads on its own).
 */
function pageWithSessionFunction(s: string, name: string, params: string, page: string): string {
  return `
CREATE OR REPLACE FUNCTION ${s}.${name}(p_token_hash text, p_now timestamptz, ${params})
RETURNS TABLE (${SESSION_RESULT}, page json)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $fn$
BEGIN
  RETURN QUERY SELECT ${sessionColumns},
      CASE WHEN m.blocked IS TRUE OR m.deleted IS TRUE THEN NULL ELSE ${page} END${sessionFrom(s)};
END
$fn$`;
}

/** The DDL of every read function in `schema` (their bodies name that schema's tables). Idempotent. */
export function readFunctionsDdl(schema: string): string[] {
  const s = quoteIdent(schema);
  // Replaced in place, so that another node's readers never miss them. A changed signature or result type cannot be
  // replaced: give the function a new name (a DROP of the old one may follow once no running code calls it).
  return [
    feedPageFunction(s),
    chatPageFunction(s),
    sessionFunction(s),
    // The fans' feed (GET /api/blogs) and a fan's own conversation (GET /api/chat/get_messages).
    pageWithSessionFunction(s, 'feed_page_with_session', 'p_limit integer, p_offset integer, p_tag text', `${s}.feed_page(false, p_now, p_limit, p_offset, p_tag, s.user_id)`),
    pageWithSessionFunction(s, 'chat_page_with_session', 'p_limit integer, p_offset integer', `${s}.chat_page(s.user_id, false, p_limit, p_offset)`),
  ];
}
