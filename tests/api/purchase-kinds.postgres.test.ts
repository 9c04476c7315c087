import { purchaseKindsSuite } from './purchase-kinds.suite';
import { requirePostgresServer } from '../support/postgres';

purchaseKindsSuite('postgres', await requirePostgresServer());
