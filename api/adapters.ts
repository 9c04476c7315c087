// The adapters commands receive as parameters (their ports are infra/*/port.ts) that need no configuration: one
// place for the server to take them from, so commands never import an adapter and tests could swap one.
import { secrets } from '../infra/auth/secrets';
import { placeFacts } from '../infra/geo/places';
import { sanitizeHtml } from '../infra/html/sanitize';
import { mediaRenderer } from '../infra/media/renderer';
import type { Services } from './services';

export const builtInAdapters: Pick<Services, 'secrets' | 'places' | 'sanitizeHtml' | 'renderer'> = {
  secrets,
  places: placeFacts,
  sanitizeHtml,
  renderer: mediaRenderer,
};
