// The creator's Home: what it warns about, and how it compares today with yesterday. Pure; the console draws it.
import type { AdminHome } from './wire';

export type HomeWarningId = 'mail' | 'live' | 'payments' | 'avatar';

/** A warning on Home and the one click that fixes it (the console maps `fix` to a button). */
export interface HomeWarning {
  id: HomeWarningId;
  severity: 'warning' | 'info';
  title: string;
  text: string;
  fix: 'open-mail-settings' | 'turn-live-on' | 'open-payment-settings' | 'open-profile';
  action: string;
}

/** The facts: the Home's checks plus the public settings' sandbox flag. */
export type HomeFacts = AdminHome['checks'] & { sandbox_payments: boolean };

export function homeWarnings(f: HomeFacts): HomeWarning[] {
  const out: HomeWarning[] = [];
  if (!f.mail_configured)
    out.push({
      id: 'mail', severity: 'warning', title: 'Mail is not being sent', fix: 'open-mail-settings', action: 'Set up mail',
      text: 'No mail server is set up, so password resets, email verifications and chat emails wait in the Outbox.',
    });
  else if (f.mail_failed_24h > 0 && f.mail_failed_24h >= f.mail_sent_24h)
    out.push({
      id: 'mail', severity: 'warning', title: 'Mail is not being sent', fix: 'open-mail-settings', action: 'Check mail settings',
      text: `${f.mail_failed_24h === 1 ? '1 mail' : `${f.mail_failed_24h} mails`} could not be delivered in the last 24 hours. Check the mail server and send a test mail.`,
    });
  if (!f.live_enabled)
    out.push({
      id: 'live', severity: 'info', title: 'Live streaming is turned off', fix: 'turn-live-on', action: 'Turn on',
      text: 'Fans cannot watch you live or book one-to-one calls until live streaming is on.',
    });
  if (f.sandbox_payments)
    out.push({
      id: 'payments', severity: 'warning', title: 'Payments are in sandbox mode', fix: 'open-payment-settings', action: 'Set up payments',
      text: 'No payment provider is set up: cards are test cards and no real money is taken.',
    });
  if (!f.avatar_set)
    out.push({
      id: 'avatar', severity: 'info', title: 'Your profile has no picture', fix: 'open-profile', action: 'Add a picture',
      text: 'Fans see your initial instead of your face on the feed and in the chat.',
    });
  return out;
}

/** "+25%" / "-10%" against yesterday; null when yesterday had nothing to compare with. */
export function changeVsYesterday(todayCents: number, yesterdayCents: number): string | null {
  if (yesterdayCents <= 0) return null;
  const pct = Math.round(((todayCents - yesterdayCents) / yesterdayCents) * 100);
  return `${pct > 0 ? '+' : ''}${pct}%`;
}
