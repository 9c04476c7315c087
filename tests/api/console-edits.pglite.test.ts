import { consoleEditsSuite } from './console-edits.suite';

consoleEditsSuite('pglite', true);
