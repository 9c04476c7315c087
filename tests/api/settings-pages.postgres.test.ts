import { settingsPagesSuite } from './settings-pages.suite';
import { requirePostgresServer } from '../support/postgres';

settingsPagesSuite('postgres', await requirePostgresServer());
