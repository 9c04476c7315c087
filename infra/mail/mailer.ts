// Outgoing mail. Every message is recorded in the outbox (staff read it in the console); when SMTP_URL is
// configured, or a server is set in the console (which wins), it is also sent through nodemailer, and the outbox row says whether that worked. So the
// embedded default still delivers password-reset links: through the staff who can read the outbox.
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Database, DefaultedTimestamp, NullableTimestamp } from '../db/database';

/** The outbox (schema app): every mail the site sends, with what became of it. */
type OutboxTables = {
  outbox: {
    id: string;
    to: string;
    subject: string;
    text: string;
    html: string | null;
    status: string;
    error: string | null;
    created_at: DefaultedTimestamp;
    sent_at: NullableTimestamp;
  };
};
const outbox = (database: Database) => database.db.withTables<OutboxTables>().withSchema('app');

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Records and (with SMTP) sends; never throws for a delivery failure — the outbox row records it (and `error` says why). */
  send(message: MailMessage): Promise<{ id: string; status: 'queued' | 'sent' | 'failed'; error?: string }>;
}

/** An SMTP server chosen in the console: it overrides SMTP_URL while it is set. `key` changes with it. */
export interface SmtpOverride {
  key: string;
  transport: SMTPTransport.Options;
  from: string;
}

export async function createMailer(
  database: Database,
  options: { smtpUrl?: string; from: string; log?: (m: string) => void; override?: () => Promise<SmtpOverride | null> },
): Promise<Mailer> {
  await database.exec(`
    CREATE SCHEMA IF NOT EXISTS app;
    CREATE TABLE IF NOT EXISTS app.outbox (
      id text PRIMARY KEY, "to" text NOT NULL, subject text NOT NULL, text text NOT NULL, html text,
      status text NOT NULL, error text, created_at timestamptz NOT NULL DEFAULT now(), sent_at timestamptz);
    CREATE INDEX IF NOT EXISTS outbox_created_at ON app.outbox (created_at);
  `);
  const envTransport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  // The console's server, when one is set: its transport is kept until the configuration changes.
  let overridden: { key: string; transport: ReturnType<typeof nodemailer.createTransport> } | null = null;
  const pick = async () => {
    const o = options.override ? await options.override() : null;
    if (!o) return envTransport ? { transport: envTransport, from: options.from } : null;
    if (overridden?.key !== o.key) {
      overridden?.transport.close();
      overridden = { key: o.key, transport: nodemailer.createTransport(o.transport) };
    }
    return { transport: overridden.transport, from: o.from };
  };
  const db = outbox(database);
  return {
    async send(message) {
      const id = randomUUID();
      await db.insertInto('outbox').values({ id, to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, status: 'queued' }).execute();
      let chosen: Awaited<ReturnType<typeof pick>>;
      try {
        chosen = await pick();
      } catch (e) {
        // An unreadable console configuration (e.g. a changed key): the mail waits in the outbox, and the log says why.
        options.log?.(`mail to ${message.to} not sent: ${(e as Error).message}`);
        await db.updateTable('outbox').set({ status: 'failed', error: (e as Error).message.slice(0, 500) }).where('id', '=', id).execute();
        return { id, status: 'failed', error: (e as Error).message };
      }
      if (!chosen) return { id, status: 'queued' };
      const { transport, from } = chosen;
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
        await db.updateTable('outbox').set({ status: 'sent', sent_at: new Date().toISOString() }).where('id', '=', id).execute();
        return { id, status: 'sent' };
      } catch (e) {
        // The address is logged, never the body (it may carry a reset link).
        options.log?.(`mail to ${message.to} failed: ${(e as Error).message}`);
        await db.updateTable('outbox').set({ status: 'failed', error: (e as Error).message.slice(0, 500) }).where('id', '=', id).execute();
        return { id, status: 'failed', error: (e as Error).message };
      }
    },
  };
}

/** The outbox as the console lists it (newest first), filtered by recipient and status. */
export async function listOutbox(database: Database, p: { range: [number, number]; filter: Record<string, unknown> }) {
  let q = outbox(database).selectFrom('outbox');
  if (typeof p.filter.q === 'string' && p.filter.q) q = q.where('to', 'ilike', `%${p.filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (typeof p.filter.status === 'string' && p.filter.status) q = q.where('status', '=', p.filter.status);
  if (typeof p.filter.id === 'string') q = q.where('id', '=', p.filter.id);
  const limit = Math.min(Math.max(p.range[1] - p.range[0] + 1, 1), 500);
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(p.range[0]).execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number((count as { n: number } | undefined)?.n ?? 0) };
}

/** Mails since a time by what became of them (the Home's mail warning). */
export async function outboxSince(database: Database, sinceIso: string): Promise<{ sent: number; failed: number; queued: number }> {
  const rows = await outbox(database)
    .selectFrom('outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', sinceIso as never)
    .groupBy('status')
    .execute();
  const n = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { sent: n('sent'), failed: n('failed'), queued: n('queued') };
}
