import { chatStaffSuite } from './chat-staff.suite';
import { requirePostgresServer } from '../support/postgres';

chatStaffSuite('postgres', await requirePostgresServer());
