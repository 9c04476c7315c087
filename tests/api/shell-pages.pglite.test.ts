import { shellPagesSuite } from './shell-pages.suite';

shellPagesSuite('pglite', true);
