import { tipsSuite } from './tips.suite';

tipsSuite('pglite', true);
