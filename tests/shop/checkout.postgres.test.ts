import { checkoutSuite } from './checkout.suite';
import { requirePostgresServer } from '../support/postgres';

checkoutSuite('postgres', await requirePostgresServer());
