import { myPaymentsSuite } from './my-payments.suite';

myPaymentsSuite('pglite', true);
