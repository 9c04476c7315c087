// GET /admin-api/home: the creator's Home, read from the read models and the outbox only (no event stream).
import type { AdminHome } from '../../domain/console/wire';
import type { Role } from '../../domain/shared/wire';
import { setupOpensByItself } from '../../domain/console/setup';
import { earningsLastDays } from '../../projections/earnings';
import { consoleSetupOutcome, emailConfiguredInConsole, homeRecentSubscribers, homeScheduledPosts, homeUnread } from '../../projections/home';
import { currentSettings } from '../../projections/settings';
import { outboxSince } from '../../infra/mail/mailer';
import type { Services } from '../services';

const DAY_MS = 86_400_000;

export async function adminHome(services: Services, now: Date, role: Role | null): Promise<AdminHome> {
  const db = services.database.db;
  const nowIso = now.toISOString();
  const [days, unread, scheduled, subscribers, settings, consoleMail, mail, setup] = await Promise.all([
    earningsLastDays(db, nowIso),
    homeUnread(db),
    homeScheduledPosts(db, nowIso),
    homeRecentSubscribers(db),
    currentSettings(db),
    emailConfiguredInConsole(db),
    outboxSince(services.database, new Date(now.getTime() - DAY_MS).toISOString()),
    consoleSetupOutcome(db),
  ]);
  return {
    today_earnings_cents: days[days.length - 1]?.cents ?? 0,
    yesterday_earnings_cents: days[days.length - 2]?.cents ?? 0,
    earnings_30d: days,
    unread_messages: unread.messages,
    unread_chats: unread.chats,
    latest_unread: unread.latest,
    scheduled_posts: scheduled,
    recent_subscribers: subscribers,
    checks: {
      mail_configured: consoleMail || !!services.config.SMTP_URL,
      mail_failed_24h: mail.failed,
      mail_sent_24h: mail.sent,
      live_enabled: settings.enable_live_streaming === true,
      avatar_set: !!settings.model_avatar_url,
    },
    setup: { ...setup, opens_by_itself: setupOpensByItself(role, setup.outcome, services.config.FANCLUB_SETUP_WIZARD) },
  };
}
