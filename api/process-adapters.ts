// The adapters one process opens from its configuration (api/server.ts): media storage, the sandbox card and
// crypto providers, the Kafka bus of several nodes, the live media server, idempotency and the mailer. Each is
// handed to `stops` as it opens, so a start that fails part-way closes what it opened (./stops.ts).
import { createHmac, randomBytes } from 'node:crypto';
import type { Config } from '../infra/config';
import type { Database } from '../infra/db/database';
import type { EventStore } from '../infra/eventstore/port';
import { createSandboxCardGateway } from '../infra/payments/sandbox-card-gateway';
import { createSandboxCryptoGateway } from '../infra/payments/sandbox-crypto-gateway';
import { createForumPayGateway } from '../infra/payments/forumpay/gateway';
import { forumPayAdapterSettings } from '../infra/payments/forumpay/settings';
import { createCryptoRouter } from '../infra/payments/crypto-router';
import { connectionTesterOf, providerSettingsGetter } from './payment-provider-settings';
import { createCardRouter, namedTokens } from '../infra/payments/card-router';
import { createStickyIoProvider, createStickyIoNoticeVerifier } from '../infra/payments/sticky-io';
import { createCcbillProvider } from '../infra/payments/ccbill/provider';
import { createCcbillNoticeVerifier } from '../infra/payments/ccbill/notices';
import { openCcbillBooks } from '../infra/payments/ccbill/books';
import { createCcbillHostedPayments } from '../infra/payments/ccbill/hosted';
import { combinedCcbillSettings, type CcbillSettings } from '../infra/payments/ccbill/settings';
import { currentSettings } from '../projections/settings';
import type { CardGateway } from '../infra/payments/port';
import { DomainError } from '../domain/shared/decider';
import { cardProviderOf } from '../domain/payment/provider-paths';
import { createIdempotencyStore } from '../infra/idempotency/store';
import { createMailer } from '../infra/mail/mailer';
import { createKafkaBus } from '../infra/bus/kafka';
import type { LiveMediaServer } from '../infra/live/port';
import { emailOverride, settingsBox } from './email-config';
import { openAppStorage, signingSecret } from './media-storage';
import { openLiveMedia } from './live-media';
import type { Stops } from './stops';

/** CCBill's three settings records as one: none until the account and its REST API are saved (DataLink may follow). */
function ccbillSettingsGetter(cfg: Config, database: Database): () => Promise<CcbillSettings | null> {
  const account = providerSettingsGetter({ config: cfg, database }, 'ccbill');
  const rest = providerSettingsGetter({ config: cfg, database }, 'ccbill-rest-api');
  const datalink = providerSettingsGetter({ config: cfg, database }, 'ccbill-datalink');
  return async () => combinedCcbillSettings(...(await Promise.all([account(), rest(), datalink()])), cfg.FANCLUB_CCBILL_WEBHOOK_SOURCES);
}

export type ProcessAdapters = Awaited<ReturnType<typeof openProcessAdapters>>;

export async function openProcessAdapters(
  cfg: Config,
  database: Database,
  store: EventStore,
  options: { clock: () => Date; log: (m: string) => void; liveMedia?: LiveMediaServer },
  stops: Stops,
) {
  const { clock, log } = options;
  // Media bytes live on local disk or in an S3 bucket (api/media-storage.ts).
  const media = await openAppStorage(cfg);
  stops.add('storage', media.close);
  // The sandbox provider signs its notices with a secret derived from the app's; they go to this server once it listens.
  const webhookSecret = createHmac('sha256', signingSecret(cfg)).update('sandbox-card-webhooks').digest('hex');
  let webhookUrl: string | null = null;
  const gateway = await createSandboxCardGateway(database, { webhook: { url: () => webhookUrl, secret: webhookSecret } });
  // The sandbox crypto provider (wallet top-ups) does the same with its own secret and endpoint.
  const cryptoWebhookSecret = createHmac('sha256', signingSecret(cfg)).update('sandbox-crypto-webhooks').digest('hex');
  let cryptoWebhookUrl: string | null = null;
  const cryptoSandbox = await createSandboxCryptoGateway(database, { webhook: { url: () => cryptoWebhookUrl, secret: cryptoWebhookSecret }, now: clock });
  // ForumPay, with the settings saved in the console (read at every call, so a save applies at once). Its webhook
  // goes to the public address, or straight to this server when there is none (a local run).
  let ownUrl: string | null = null;
  const forumPaySettings = providerSettingsGetter({ config: cfg, database }, 'forumpay');
  const forumpay = await createForumPayGateway({
    database,
    settings: async () => forumPayAdapterSettings(await forumPaySettings()),
    endpoints: cfg.FANCLUB_FORUMPAY_API_URL ? { api: cfg.FANCLUB_FORUMPAY_API_URL } : undefined,
    timeoutMs: cfg.FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS,
    webhookUrl: () => (cfg.FANCLUB_PUBLIC_URL ? new URL('/api/webhooks/forumpay', cfg.FANCLUB_PUBLIC_URL).href : ownUrl && `${ownUrl}/api/webhooks/forumpay`),
    now: clock,
  });
  // A new top-up goes to ForumPay once its settings are saved; each payment stays with the provider it began at.
  const cryptoGateway = await createCryptoRouter(database, { sandbox: cryptoSandbox, forumpay }, async () => ((await forumPaySettings()) ? 'forumpay' : 'sandbox'));
  // Cards: Sticky.io or CCBill's REST API once switched on in the settings and configured, the sandbox otherwise.
  const stickySettings = providerSettingsGetter({ config: cfg, database }, 'sticky-io');
  const ccbillSettings = ccbillSettingsGetter(cfg, database);
  const stickyEndpoints = cfg.FANCLUB_STICKY_IO_API_URL ? { api: cfg.FANCLUB_STICKY_IO_API_URL } : undefined;
  const ccbillEndpoints = { ...(cfg.FANCLUB_CCBILL_REST_URL && { rest: cfg.FANCLUB_CCBILL_REST_URL }), ...(cfg.FANCLUB_CCBILL_DATALINK_URL && { datalink: cfg.FANCLUB_CCBILL_DATALINK_URL }), ...(cfg.FANCLUB_CCBILL_FLEXFORMS_URL && { flexForms: cfg.FANCLUB_CCBILL_FLEXFORMS_URL }) };
  const stickyIo = await createStickyIoProvider({ database, settings: stickySettings, endpoints: stickyEndpoints, timeoutMs: cfg.FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS });
  // The notice verifier's books first: the provider opens the same tables, and two schema creations at once collide.
  const ccbillBooks = await openCcbillBooks(database);
  const ccbill = createCcbillProvider({ database, settings: ccbillSettings, endpoints: ccbillEndpoints, timeoutMs: cfg.FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS });
  const cardChoice = async () => {
    const site = await currentSettings(database.db);
    const [sticky, ccbillSaved] = await Promise.all([site.is_sticky_io_enabled ? stickySettings() : null, site.enable_ccbill_rest_api ? ccbillSettings() : null]);
    return cardProviderOf({ stickyIoSwitchedOn: site.is_sticky_io_enabled, stickyIoSettingsSaved: !!sticky, ccbillRestSwitchedOn: site.enable_ccbill_rest_api, ccbillSettingsSaved: !!ccbillSaved });
  };
  // A provider switched on without its settings: new cards are refused, naming what is missing (no token is ever
  // filed under this name, so nothing is charged or reversed here).
  const unconfigured: CardGateway = {
    name: 'unconfigured',
    async tokenise() {
      const choice = await cardChoice();
      throw new DomainError('refusal' in choice ? choice.refusal : 'The card provider changed; please try again.', 'PROVIDER_NOT_CONFIGURED', 409);
    },
    charge: async () => ({ status: 'declined', failureCode: 'PROVIDER_NOT_CONFIGURED', message: 'Payment failed.', allowCascade: false }),
    reverse: async () => ({ status: 'not_captured' }),
  };
  const cardRouter = await createCardRouter(database, { sandbox: gateway, 'sticky-io': namedTokens('sticky-io', stickyIo), ccbill, unconfigured }, async () => {
    const choice = await cardChoice();
    return 'provider' in choice ? choice.provider : 'unconfigured';
  });
  const hostedPayments = { ccbill: createCcbillHostedPayments({ settings: ccbillSettings, books: ccbillBooks, claim: (paymentId) => cardRouter.claim(paymentId, 'ccbill'), endpoints: ccbillEndpoints }) };
  const cardNotices = {
    ccbill: createCcbillNoticeVerifier({ settings: ccbillSettings, books: ccbillBooks }),
    'sticky-io': createStickyIoNoticeVerifier({ settings: stickySettings, endpoints: stickyEndpoints, timeoutMs: cfg.FANCLUB_PAYMENT_PROVIDER_TIMEOUT_MS }),
  };
  const paymentProviderTests = connectionTesterOf({
    'sticky-io': async (saved) => (await createStickyIoProvider({ database, settings: async () => saved, endpoints: stickyEndpoints })).testConnection(),
    'ccbill-rest-api': async () => {
      if (!(await ccbillSettings())) return { ok: false, message: 'Save the CCBill account, its REST API and DataLink settings first.' };
      return ccbill.testConnection();
    },
    forumpay: async (saved) => {
      const trial = await createForumPayGateway({ database, settings: async () => forumPayAdapterSettings(saved), endpoints: cfg.FANCLUB_FORUMPAY_API_URL ? { api: cfg.FANCLUB_FORUMPAY_API_URL } : undefined, now: clock });
      return trial.testConnection();
    },
  });
  // Several nodes: real time goes through Kafka (api/realtime, infra/bus); one node: all in-process.
  const nodeId = cfg.FANCLUB_INSTANCE_ID ?? randomBytes(6).toString('hex');
  const kafka = cfg.KAFKA_BROKERS ? createKafkaBus({ brokers: cfg.KAFKA_BROKERS.split(','), clientId: `fanclub-${nodeId}`, prefix: cfg.KAFKA_TOPIC_PREFIX }) : null;
  if (kafka) {
    stops.add('kafka', () => kafka.close());
    await kafka.ensureTopics().catch((e) => {
      throw new Error(`Kafka (KAFKA_BROKERS=${cfg.KAFKA_BROKERS}) is not usable: ${(e as Error).message}`);
    });
  }
  // Live streaming's media server: a Janus this process starts, one at JANUS_URL, or none (with the reason).
  let liveMedia = options.liveMedia;
  if (!liveMedia) {
    const own = await openLiveMedia(cfg, (m) => log(m));
    stops.add('liveMedia', () => own.close());
    liveMedia = own;
  }
  const idempotency = await createIdempotencyStore(database, { leaseSeconds: cfg.IDEMPOTENCY_LEASE_SECONDS, instanceId: cfg.FANCLUB_INSTANCE_ID });
  stops.add('idempotency', () => idempotency.close());
  // An SMTP server saved in the console wins over SMTP_URL while it is set.
  const mailer = await createMailer(database, { smtpUrl: cfg.SMTP_URL, from: cfg.MAIL_FROM, log: (m) => log(`[mail] ${m}`), override: emailOverride(store, () => settingsBox({ config: cfg })) });
  return {
    storage: media.storage, gateway, cardRouter, cardNotices, cardProviders: { ccbill, 'sticky-io': stickyIo }, hostedPayments, webhookSecret, cryptoGateway, cryptoProviders: { sandbox: cryptoSandbox, forumpay }, paymentProviderTests, cryptoWebhookSecret, nodeId, kafka, liveMedia, idempotency, mailer,
    /** The providers' notices go to this server from now on. */
    listening(port: number) {
      webhookUrl = `http://127.0.0.1:${port}/api/webhooks/sandbox-card`;
      cryptoWebhookUrl = `http://127.0.0.1:${port}/api/webhooks/sandbox-crypto`;
      ownUrl = `http://127.0.0.1:${port}`;
    },
  };
}
