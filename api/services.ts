// What the HTTP layer is given: the stores, the projection runner, adapters and a clock.
import type { Database } from '../infra/db/database';
import type { EventStore } from '../infra/eventstore/port';
import type { ProjectionRunner } from '../projections/runner';
import type { CardGateway } from '../infra/payments/port';
import type { FileStorage } from '../infra/storage/local-disk';
import type { IdempotencyStore } from '../infra/idempotency/store';
import type { Config } from '../infra/config';
import type { Mailer } from '../infra/mail/mailer';

export interface Services {
  config: Config;
  database: Database;
  store: EventStore;
  runner: ProjectionRunner;
  gateway: CardGateway;
  storage: FileStorage;
  idempotency: IdempotencyStore;
  mailer: Mailer;
  clock: () => Date;
  /** Built apps to serve (absent in API-only tests). */
  staticRoots?: { fan: string | null; admin: string | null };
}
