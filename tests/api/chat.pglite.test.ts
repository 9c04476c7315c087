import { chatSuite } from './chat.suite';

chatSuite('pglite', true);
