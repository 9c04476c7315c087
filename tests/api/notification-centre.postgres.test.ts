import { notificationCentreSuite } from './notification-centre.suite';
import { requirePostgresServer } from '../support/postgres';

notificationCentreSuite('postgres', await requirePostgresServer());
