import { bookingSuite } from './booking.suite';

bookingSuite('pglite');
