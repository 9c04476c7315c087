import { chatEmailSuite } from './chat-email.suite';
import { requirePostgresServer } from '../support/postgres';

chatEmailSuite('postgres', await requirePostgresServer());
