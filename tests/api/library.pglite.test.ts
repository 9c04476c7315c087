import { librarySuite } from './library.suite';

librarySuite('pglite', true);
