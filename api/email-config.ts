// The console's SMTP server for the mailer: the sealing key of this installation, and the mailer's
// override read from the `email-configuration` stream (commands/site-config.ts). The password is opened only here,
// to hand it to the SMTP connection.
import type { Config } from '../infra/config';
import type { EventStore } from '../infra/eventstore/port';
import type { SmtpOverride } from '../infra/mail/mailer';
import { sealedBox, settingsKey, type SealedBox } from '../infra/secrets/sealed-box';
import { loadEmailConfig } from '../commands/site-config';

const boxes = new WeakMap<object, SealedBox>();
/** The sealing key of this installation (FANCLUB_SETTINGS_KEY or <data dir>/settings.key), opened once per config. */
export function settingsBox(services: { config: Config }): SealedBox {
  let box = boxes.get(services.config);
  if (!box) boxes.set(services.config, (box = sealedBox(settingsKey({ envKey: services.config.FANCLUB_SETTINGS_KEY, dataDir: services.config.dataDir }))));
  return box;
}

/** The mailer's override: the console's server while one is saved (keyed by the stream's revision), else null. */
export function emailOverride(store: EventStore, box: () => SealedBox): () => Promise<SmtpOverride | null> {
  return async () => {
    const { state, revision } = await loadEmailConfig(store);
    const c = state.config;
    if (!c) return null;
    const pass = c.password_sealed ? box().open(c.password_sealed) : undefined;
    return {
      key: String(revision),
      from: c.from_name ? `"${c.from_name}" <${c.from_email}>` : c.from_email,
      transport: {
        host: c.host,
        port: c.port,
        secure: c.security === 'tls',
        requireTLS: c.security === 'starttls',
        ignoreTLS: c.security === 'none',
        ...(c.username ? { auth: { user: c.username, ...(pass !== undefined ? { pass } : {}) } } : {}),
        connectionTimeout: 15_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      },
    };
  };
}
