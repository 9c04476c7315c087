import { cardPurchasesSuite } from './card-purchases.suite';
import { requirePostgresServer } from '../support/postgres';

cardPurchasesSuite('postgres', await requirePostgresServer());
