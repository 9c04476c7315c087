import { subscriptionsSuite } from './subscriptions.suite';

subscriptionsSuite('pglite', true);
