import { creatorPresenceSuite } from './creator-presence.suite';

creatorPresenceSuite('pglite', true);
