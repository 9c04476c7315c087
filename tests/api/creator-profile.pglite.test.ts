import { creatorProfileSuite } from './creator-profile.suite';

creatorProfileSuite('pglite', true);
