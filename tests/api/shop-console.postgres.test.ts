import { shopConsoleSuite } from './shop-console.suite';
import { requirePostgresServer } from '../support/postgres';

// The money part only (the part refund through the card payment) on the Postgres server.
shopConsoleSuite('postgres', await requirePostgresServer(), 'money');
