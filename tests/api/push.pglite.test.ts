import { pushSuite } from './push.suite';

pushSuite('pglite', true);
