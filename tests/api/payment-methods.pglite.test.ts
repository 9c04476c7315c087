import { paymentMethodsSuite } from './payment-methods.suite';

paymentMethodsSuite('pglite', true);
