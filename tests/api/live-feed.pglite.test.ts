import { liveFeedSuite } from './live-feed.suite';

liveFeedSuite('pglite', true);
