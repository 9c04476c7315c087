import { settingsPagesSuite } from './settings-pages.suite';

settingsPagesSuite('pglite', true);
