import { shopEmailSuite } from './emails.suite';

shopEmailSuite('pglite');
