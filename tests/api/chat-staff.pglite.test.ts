import { chatStaffSuite } from './chat-staff.suite';

chatStaffSuite('pglite', true);
