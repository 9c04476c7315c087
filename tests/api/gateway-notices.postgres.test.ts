import { gatewayNoticesSuite } from './gateway-notices.suite';
import { requirePostgresServer } from '../support/postgres';

gatewayNoticesSuite('postgres', await requirePostgresServer());
