import { exportsSuite } from './exports.suite';

exportsSuite('pglite', true);
