import { chatFanMediaSuite } from './chat-fan-media.suite';

chatFanMediaSuite('pglite', true);
