// What the HTTP layer is given: the stores, the projection runner, adapters and a clock.
import type { Database } from '../infra/db/database';
import type { EventStore } from '../infra/eventstore/port';
import type { ProjectionRunner } from '../projections/runner';
import type { CardProvider, HostedCardPayments, NoticeVerifier } from '../infra/payments/port';
import type { CardRouter } from '../infra/payments/card-router';
import type { SandboxCardGateway } from '../infra/payments/sandbox-card-gateway';
import type { CryptoRouter } from '../infra/payments/crypto-router';
import type { SandboxCryptoGateway } from '../infra/payments/sandbox-crypto-gateway';
import type { ForumPayGateway } from '../infra/payments/forumpay/gateway';
import type { AppStorage } from '../infra/storage/port';
import type { IdempotencyStore } from '../infra/idempotency/store';
import type { Config } from '../infra/config';
import type { Mailer } from '../infra/mail/mailer';
import type { KafkaBus } from '../infra/bus/kafka';
import type { MessageDelivery } from '../commands/message-delivery';
import type { LiveJoinPolicy, LiveMediaServer, LivePresence } from '../infra/live/port';
import type { WebPush } from './push';
import type { Secrets } from '../infra/auth/port';
import type { PlaceLookup } from '../infra/geo/port';
import type { HtmlSanitizer } from '../infra/html/port';
import type { MediaRenderer } from '../infra/media/port';
import type { Metrics } from './metrics/registry';
import type { PurchaseDeps } from '../commands/payment/process';
import type { ProviderConnectionTester } from './payment-provider-settings';

export interface Services {
  config: Config;
  database: Database;
  store: EventStore;
  runner: ProjectionRunner;
  /** The sandbox card provider (its test controls: deliveries, chargebacks). Purchases charge through the router. */
  gateway: SandboxCardGateway;
  /** Card payments: each card at the provider that tokenised it, new cards at the one chosen in the settings. */
  cardRouter: CardRouter;
  /** The real card providers behind the router (their books, for the ledger check). */
  cardProviders: Record<'ccbill' | 'sticky-io', CardProvider>;
  /** Card payments on a provider's own page (CCBill's FlexForms): filed under it, and the page's address. */
  hostedPayments: { ccbill: HostedCardPayments };
  /** The real card providers' notice verifiers (their webhooks). */
  cardNotices: Record<'ccbill' | 'sticky-io', NoticeVerifier>;
  /** What a purchase is handed: the card gateway, the billing-address facts and the purchase kinds' registry. */
  purchases: PurchaseDeps;
  /** Shared secret the card provider signs its notices (webhooks) with. */
  webhookSecret: string;
  /** Wallet top-ups: each payment at the provider chosen when it was created (ForumPay once its settings are saved,
   *  the sandbox otherwise), infra/payments/crypto-router.ts. */
  cryptoGateway: CryptoRouter;
  /** The crypto providers behind the router: the sandbox (its console controls) and ForumPay (its webhook). */
  cryptoProviders: { sandbox: SandboxCryptoGateway; forumpay: ForumPayGateway };
  /** Shared secret the crypto provider signs its notices with. */
  cryptoWebhookSecret: string;
  /** Local disk or S3 behind the app's own signed URLs (signing is synchronous). */
  storage: AppStorage;
  idempotency: IdempotencyStore;
  mailer: Mailer;
  clock: () => Date;
  /** This server's own metrics registry (GET /metrics): fed by requests, appends and payments; gauges read on a scrape. */
  metrics: Metrics;
  /** Password hashing and tokens (argon2id, node:crypto), handed to the account commands (api/adapters.ts). */
  secrets: Secrets;
  /** Country and state facts for billing addresses (the packaged data set), handed to the card commands. */
  places: PlaceLookup;
  /** The shared HTML policy's cleaner (DOMPurify on jsdom), applied before staff-written HTML is recorded. */
  sanitizeHtml: HtmlSanitizer;
  /** Photo and video renditions, rotations, blurs and demo pictures (sharp, ffmpeg), handed to the media commands. */
  renderer: MediaRenderer;
  /** Several nodes (KAFKA_BROKERS): the bus real time goes through, and this node's name on it. Absent: one node. */
  bus?: { kafka: KafkaBus; nodeId: string };
  /** Mass/welcome message delivery in the background (api/server.ts); routes kick it after recording a message. */
  delivery?: MessageDelivery;
  /** Live streaming's media server (Janus, or an unavailable one that says why): api/live-media.ts. */
  liveMedia: LiveMediaServer;
  /** Who may join a room as publisher/viewer, asked by the Janus relay before each join (default: only the model and
   *  the live-stream manager publish; any valid token views): api/live/janus-relay.ts. */
  liveJoinPolicy?: LiveJoinPolicy;
  /** Told by the Janus relay when a relayed media connection comes up, answers a heartbeat or is lost: api/live.ts. */
  livePresence?: LivePresence;
  /** Web push (api/push.ts): the VAPID public key and the background sender. */
  push?: WebPush;
  /** "Test connection" of the payment providers' settings pages (api/payment-provider-settings.ts); absent: none yet. */
  paymentProviderTests?: ProviderConnectionTester;
  /** Built apps to serve (absent in API-only tests). */
  staticRoots?: { fan: string | null; admin: string | null };
}
