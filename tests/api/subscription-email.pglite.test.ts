import { subscriptionEmailSuite } from './subscription-email.suite';

subscriptionEmailSuite('pglite', true);
