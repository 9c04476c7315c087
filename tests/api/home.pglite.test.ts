import { homeSuite } from './home.suite';

homeSuite('pglite', true);
