import { chatFanMediaSuite } from './chat-fan-media.suite';
import { requirePostgresServer } from '../support/postgres';

chatFanMediaSuite('postgres', await requirePostgresServer());
