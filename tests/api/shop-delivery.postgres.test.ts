import { requirePostgresServer } from '../support/postgres';
import { shopDeliverySuite } from './shop-delivery.suite';

shopDeliverySuite('postgres', await requirePostgresServer());
