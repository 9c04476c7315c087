import { subscriptionEmailSuite } from './subscription-email.suite';
import { requirePostgresServer } from '../support/postgres';

subscriptionEmailSuite('postgres', await requirePostgresServer());
