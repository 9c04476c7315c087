import { postReuseSuite } from './post-reuse.suite';

postReuseSuite('pglite', true);
