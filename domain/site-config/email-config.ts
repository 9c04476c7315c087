// Email configuration (console /admin/settings/email-configuration): the SMTP server the site sends
// through, set from the console. Stream `email-configuration`. While it is set it overrides the env SMTP_URL;
// cleared, the env (or the outbox alone) applies again.
//
// The password never reaches this aggregate in plaintext: the command carries it already sealed (AES-GCM, the
// key outside the event log: infra/secrets/sealed-box.ts), so events, the audit log and every answer built from
// this state hold ciphertext at most; answers say only whether a password is set.
import type { Decider, DomainEvent } from '../shared/decider';
import { DomainError } from '../shared/decider';
import { ValidationError, isValidEmail } from '../shared/validation';

export const EMAIL_CONFIG_STREAM = 'email-configuration';

/** How the connection is secured: STARTTLS upgrade (587), TLS from the start (465), or none (a local relay). */
export const SMTP_SECURITY = ['starttls', 'tls', 'none'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

export interface EmailConfig {
  host: string;
  port: number;
  security: SmtpSecurity;
  /** '' = no login (a relay that trusts the network). */
  username: string;
  /** Sealed (v1.<iv>.<ciphertext+tag>, base64url); null = none. */
  password_sealed: string | null;
  from_email: string;
  from_name: string;
}

export type EmailConfigState = { config: EmailConfig | null };

export type EmailConfigEvent =
  | DomainEvent<'EmailConfigurationSet', Omit<EmailConfig, 'password_sealed'> & { password_sealed?: string | null }>
  | DomainEvent<'EmailConfigurationCleared', Record<string, never>>;

/** The input of a save: `password` is what to do with the stored one (keep it, replace it sealed, remove it). */
export type ConfigureEmail =
  | { type: 'SetEmailConfiguration'; config: Omit<EmailConfig, 'password_sealed'>; password: { keep: true } | { sealed: string } | { clear: true } }
  | { type: 'ClearEmailConfiguration' };

export const EMAIL_CONFIG_MESSAGES = {
  saved: 'update settings successfully.',
  cleared: 'Email configuration removed: the site uses SMTP_URL from the environment again (or the outbox).',
  host: 'Please enter the SMTP server, e.g. smtp.example.com.',
  port: 'The port must be a number from 1 to 65535.',
  from: 'Please enter a valid sender email.',
  fromName: 'The sender name cannot contain quotes, angle brackets or line breaks.',
  username: 'The username cannot contain line breaks.',
  nothing: 'No email configuration is saved.',
  testQueued: 'No mail server is set: the mail waits in the Outbox. Save a server above first.',
  testRefused: 'The mail server refused the test mail: ',
} as const;

const HOST = /^(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$|^\d{1,3}(\.\d{1,3}){3}$|^\[[0-9A-Fa-f:.]+\]$/;

/** The rules of a saved configuration; the first broken one names its field. */
export function checkEmailConfig(c: Omit<EmailConfig, 'password_sealed'>): void {
  if (!HOST.test(c.host)) throw new ValidationError('host', EMAIL_CONFIG_MESSAGES.host);
  if (!Number.isInteger(c.port) || c.port < 1 || c.port > 65535) throw new ValidationError('port', EMAIL_CONFIG_MESSAGES.port);
  if (/[\r\n]/.test(c.username)) throw new ValidationError('username', EMAIL_CONFIG_MESSAGES.username);
  if (!isValidEmail(c.from_email)) throw new ValidationError('from_email', EMAIL_CONFIG_MESSAGES.from);
  if (/["<>\r\n]/.test(c.from_name)) throw new ValidationError('from_name', EMAIL_CONFIG_MESSAGES.fromName);
}

export const emailConfigDecider: Decider<ConfigureEmail, EmailConfigEvent, EmailConfigState> = {
  initialState: () => ({ config: null }),
  evolve(state, event) {
    if (event.type === 'EmailConfigurationCleared') return { config: null };
    const { password_sealed, ...rest } = event.data;
    return { config: { ...rest, password_sealed: password_sealed === undefined ? state.config?.password_sealed ?? null : password_sealed } };
  },
  decide(command, state) {
    if (command.type === 'ClearEmailConfiguration') {
      if (!state.config) throw new DomainError(EMAIL_CONFIG_MESSAGES.nothing, 'NOT_FOUND', 404);
      return [{ type: 'EmailConfigurationCleared', data: {} }];
    }
    checkEmailConfig(command.config);
    const p = command.password;
    const sealed = 'sealed' in p ? p.sealed : 'clear' in p ? null : undefined;
    const prev = state.config;
    const same = prev && (Object.keys(command.config) as (keyof typeof command.config)[]).every((k) => prev[k] === command.config[k]);
    if (same && (sealed === undefined || (sealed === null && prev.password_sealed === null))) return [];
    // The sealed password is carried only when it changes (each seal has a fresh IV, so a re-save of the same
    // password is a change too: the console sends nothing then, and the stored one stays).
    return [{ type: 'EmailConfigurationSet', data: { ...command.config, ...(sealed === undefined ? {} : { password_sealed: sealed }) } }];
  },
};

/** What the console is told: never the password, sealed or not — only whether there is one. */
export function emailConfigView(state: EmailConfigState, env: { smtpUrlSet: boolean }) {
  const c = state.config;
  return {
    source: c ? ('console' as const) : env.smtpUrlSet ? ('environment' as const) : ('outbox' as const),
    host: c?.host ?? '',
    port: c?.port ?? 587,
    security: c?.security ?? ('starttls' as SmtpSecurity),
    username: c?.username ?? '',
    password: c?.password_sealed ? ('set' as const) : ('not set' as const),
    from_email: c?.from_email ?? '',
    from_name: c?.from_name ?? '',
  };
}

/** "Send test mail": from the creator's site, naming the server it goes through. */
export function testMail(to: string, creatorName: string, view: Pick<ReturnType<typeof emailConfigView>, 'source' | 'host' | 'port'>) {
  const through = view.source === 'console' ? `${view.host}:${view.port}` : 'the server set in SMTP_URL';
  return { to, subject: `Test mail from ${creatorName}`, text: `This is a test mail from ${creatorName}'s site. It was sent through ${through}, so mail from the site can reach people.` };
}

/** A test mail must go out now: one left waiting in the outbox (no server) or refused by the server is an error. */
export function checkTestMailSent(sent: { status: 'queued' | 'sent' | 'failed'; error?: string }): void {
  if (sent.status === 'queued') throw new DomainError(EMAIL_CONFIG_MESSAGES.testQueued, 'NO_MAIL_SERVER', 409);
  if (sent.status === 'failed') throw new DomainError(`${EMAIL_CONFIG_MESSAGES.testRefused}${sent.error ?? 'unknown error'}`, 'MAIL_FAILED', 502);
}
