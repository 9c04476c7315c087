// The console's email configuration: saved as events of the `email-configuration` stream with the
// password sealed first (infra/secrets/sealed-box.ts); api/email-config.ts reads it back for the mailer, which opens
// it only to hand it to the SMTP connection.
import { checkTestMailSent, emailConfigDecider, emailConfigView, EMAIL_CONFIG_STREAM, testMail, type EmailConfig } from '../domain/site-config/email-config';
import type { EventStore } from '../infra/eventstore/port';
import { handle, loadStream, type CommandContext } from './handle';

export interface EmailConfigInput {
  host: string;
  port: number;
  security: EmailConfig['security'];
  username: string;
  from_email: string;
  from_name: string;
  /** undefined: keep the stored password; '': remove it; otherwise the new one (sealed before it is recorded). */
  password?: string;
}

/** `seal`: encrypts the password before it goes into the command (infra/secrets/sealed-box.ts, given by the route). */
export async function saveEmailConfig(ctx: CommandContext, seal: (plaintext: string) => string, input: EmailConfigInput) {
  const { password, ...config } = input;
  const p = password === undefined ? { keep: true as const } : password === '' ? { clear: true as const } : { sealed: seal(password) };
  return handle(ctx, EMAIL_CONFIG_STREAM, emailConfigDecider, { type: 'SetEmailConfiguration', config, password: p });
}

export async function clearEmailConfig(ctx: CommandContext) {
  return handle(ctx, EMAIL_CONFIG_STREAM, emailConfigDecider, { type: 'ClearEmailConfiguration' });
}

export async function loadEmailConfig(store: EventStore) {
  return loadStream(store, EMAIL_CONFIG_STREAM, emailConfigDecider);
}

/** Sends a mail (the site's mailer, given by the route): queued in the outbox, then sent or failed at once. */
export type SendMail = (mail: { to: string; subject: string; text: string }) => Promise<{ id: string; status: 'queued' | 'sent' | 'failed'; error?: string }>;

/** "Send test mail" through the configured server; refused when it could not go out now. */
export async function sendTestMail(send: SendMail, to: string, creatorName: string, view: ReturnType<typeof emailConfigView>) {
  const sent = await send(testMail(to, creatorName, view));
  checkTestMailSent(sent);
  return sent;
}
