import { promotionsSuite } from './promotions.suite';
import { requirePostgresServer } from '../support/postgres';

promotionsSuite('postgres', await requirePostgresServer());
