import { massMessagesSuite } from './mass-messages.suite';

massMessagesSuite('pglite', true);
