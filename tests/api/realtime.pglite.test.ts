import { realtimeSuite } from './realtime.suite';

realtimeSuite('pglite', true);
