import { subscriptionsSuite } from './subscriptions.suite';
import { requirePostgresServer } from '../support/postgres';

subscriptionsSuite('postgres', await requirePostgresServer());
