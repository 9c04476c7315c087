import { siteConfigSuite } from './site-config.suite';

siteConfigSuite('pglite', true);
