import { postsSuite } from './posts.suite';

postsSuite('pglite', true);
