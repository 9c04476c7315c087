import { describe, expect, it } from 'vitest';
import { hasTipsTab } from './navRules';

describe('fan site navigation (spec 3 §6)', () => {
  it('the live_stream_manager has no Tips tab; fans, the model and admins (and proxy views) have it', () => {
    expect(hasTipsTab({ role: 'live_stream_manager' }, false)).toBe(false);
    for (const role of ['user', 'model', 'admin', 'sub_admin', 'content_manager'] as const) expect(hasTipsTab({ role }, false)).toBe(true);
    expect(hasTipsTab(null, false)).toBe(true);
    expect(hasTipsTab({ role: 'live_stream_manager' }, true)).toBe(true);
  });
});
