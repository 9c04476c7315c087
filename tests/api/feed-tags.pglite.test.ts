import { feedTagsSuite } from './feed-tags.suite';

feedTagsSuite('pglite', true);
