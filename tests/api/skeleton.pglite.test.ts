import { skeletonSuite } from './skeleton.suite';

skeletonSuite('pglite', true);
