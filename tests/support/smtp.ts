// A real SMTP server for tests (smtp-server on 127.0.0.1, a free port) that keeps what it receives.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The readable text: quoted-printable soft breaks and escapes undone. */
  text: string;
}

export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export interface SmtpCapture {
  url: string;
  received: ReceivedMail[];
  /** The first mail to `to` whose text matches `match` (waits up to 10 s). */
  waitForMail(to: string, match?: RegExp): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitForMail(to, match) {
      for (let i = 0; i < 400; i++) {
        const m = received.find((r) => r.to.includes(to) && (!match || match.test(r.text)));
        if (m) return m;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no mail to ${to}${match ? ` matching ${match}` : ''} arrived`);
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** The first link in a mail to the given path, e.g. linkIn(mail, '/change-password/'). */
export function linkIn(mail: ReceivedMail, pathPrefix: string): string {
  const m = new RegExp(`https?://[^\\s"<>]+${pathPrefix.replace(/[/-]/g, '\\$&')}[A-Za-z0-9_-]+`).exec(mail.text);
  if (!m) throw new Error(`no ${pathPrefix} link in the mail`);
  return m[0];
}
