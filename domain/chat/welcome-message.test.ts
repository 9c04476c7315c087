import { describe, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { welcomeMessageDecider, type WelcomeMessageEvent } from './welcome-message';

const at = '2026-11-24T10:00:00.000Z';
const set = (welcomeId: string, previousId: string | null): WelcomeMessageEvent => ({ type: 'WelcomeMessageSet', data: { welcomeId, previousId, setBy: 'admin', setAt: at } });

describe('welcome message versions', () => {
  it('the first save is current; an update names the current version and replaces it; a repeat changes nothing', () => {
    given(welcomeMessageDecider).when({ type: 'SetWelcomeMessage', welcomeId: 'w1', updating: null, setBy: 'admin', at }).then([set('w1', null)]);
    given(welcomeMessageDecider, [set('w1', null)]).when({ type: 'SetWelcomeMessage', welcomeId: 'w2', updating: 'w1', setBy: 'admin', at }).then([set('w2', 'w1')]);
    given(welcomeMessageDecider, [set('w1', null)]).when({ type: 'SetWelcomeMessage', welcomeId: 'w1', updating: null, setBy: 'admin', at }).then([]);
  });

  it('an update of a version that is no longer current is refused', () => {
    given(welcomeMessageDecider, [set('w1', null), set('w2', 'w1')])
      .when({ type: 'SetWelcomeMessage', welcomeId: 'w3', updating: 'w1', setBy: 'admin', at })
      .thenThrows('Welcome message not found.', { status: 404 });
  });
});
