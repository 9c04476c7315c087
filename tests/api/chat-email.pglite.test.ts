import { chatEmailSuite } from './chat-email.suite';

chatEmailSuite('pglite', true);
