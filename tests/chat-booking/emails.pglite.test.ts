import { bookingEmailSuite } from './emails.suite';

bookingEmailSuite('pglite');
