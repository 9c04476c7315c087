import { siteConfigSuite } from './site-config.suite';
import { requirePostgresServer } from '../support/postgres';

siteConfigSuite('postgres', await requirePostgresServer());
