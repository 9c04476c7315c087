import { uploadsSuite } from './uploads.suite';
import { requirePostgresServer } from '../support/postgres';

uploadsSuite('postgres', await requirePostgresServer());
