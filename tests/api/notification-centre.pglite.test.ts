import { notificationCentreSuite } from './notification-centre.suite';

notificationCentreSuite('pglite', true);
