import { paymentMethodsSuite } from './payment-methods.suite';
import { requirePostgresServer } from '../support/postgres';

paymentMethodsSuite('postgres', await requirePostgresServer());
