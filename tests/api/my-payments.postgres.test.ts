import { myPaymentsSuite } from './my-payments.suite';
import { requirePostgresServer } from '../support/postgres';

myPaymentsSuite('postgres', await requirePostgresServer());
