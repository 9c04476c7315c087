import { gatewayNoticesSuite } from './gateway-notices.suite';

gatewayNoticesSuite('pglite', true);
