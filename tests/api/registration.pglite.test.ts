import { registrationSuite } from './registration.suite';

registrationSuite('pglite', true);
