import { liveSuite } from './live.suite';
import { requireJanus } from '../support/janus';

liveSuite('pglite', requireJanus());
