import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import type { Role } from '../shared/wire';
import { EMAIL_TAKEN, emailClaimDecider, emailClaimStream, isStaffRole, routeAfterRegistration, userDecider, userStream, type UserEvent } from './user';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'fan@example.com', name: 'Fan', passwordHash: 'h', role: 'user', registeredAt: '2026-01-01T00:00:00.000Z' },
};
const loggedIn = (sessionId: string): UserEvent => ({
  type: 'UserLoggedIn',
  data: { userId: 'u1', sessionId, tokenHash: `t-${sessionId}`, expiresAt: '2026-02-01T00:00:00.000Z' },
});

describe('streams', () => {
  it('names the user and email-claim streams', () => {
    expect(userStream('u1')).toBe('user-u1');
    expect(emailClaimStream('fan@example.com')).toBe('user-email-fan@example.com');
  });
});

describe('userDecider', () => {
  describe('RegisterUser', () => {
    const cmd = { type: 'RegisterUser' as const, userId: 'u1', email: 'fan@example.com', name: 'Fan', passwordHash: 'h', role: 'user' as Role, at: '2026-01-01T00:00:00.000Z' };

    it('registers a new user', () => {
      const state = given(userDecider).when(cmd).then([registered]);
      expect(state).toMatchObject({ userId: 'u1', email: 'fan@example.com', passwordHash: 'h', role: 'user' });
      expect(state.sessions.size).toBe(0);
    });

    it('marks demo users', () => {
      given(userDecider)
        .when({ ...cmd, isDemo: true })
        .then([{ ...registered, data: { ...registered.data, isDemo: true } } as UserEvent]);
    });

    it('omits isDemo when false', () => {
      given(userDecider).when({ ...cmd, isDemo: false }).then([registered]);
    });

    it('refuses a second registration of the same user', () => {
      given(userDecider, [registered]).when(cmd).thenThrows('Invalid request.', { code: 'USER_EXISTS', status: 409 });
    });
  });

  describe('LogIn', () => {
    const cmd = { type: 'LogIn' as const, sessionId: 's1', tokenHash: 't-s1', expiresAt: '2026-02-01T00:00:00.000Z' };

    it('opens a session for a registered user', () => {
      const state = given(userDecider, [registered]).when(cmd).then([loggedIn('s1')]);
      expect([...state.sessions]).toEqual(['s1']);
    });

    it('refuses an unknown user with the credentials message', () => {
      given(userDecider).when(cmd).thenThrows('Invalid email or password.', { code: 'INVALID_CREDENTIALS', status: 400 });
    });

    it('keeps several sessions', () => {
      const state = given(userDecider, [registered, loggedIn('s1')]).when({ ...cmd, sessionId: 's2', tokenHash: 't-s2' }).then([loggedIn('s2')]);
      expect([...state.sessions].sort()).toEqual(['s1', 's2']);
    });
  });

  describe('LogOut', () => {
    it('closes an open session', () => {
      const state = given(userDecider, [registered, loggedIn('s1'), loggedIn('s2')])
        .when({ type: 'LogOut', sessionId: 's1' })
        .then([{ type: 'UserLoggedOut', data: { userId: 'u1', sessionId: 's1' } }]);
      expect([...state.sessions]).toEqual(['s2']);
    });

    it('is a no-op for an unknown session', () => {
      given(userDecider, [registered, loggedIn('s1')]).when({ type: 'LogOut', sessionId: 'nope' }).then([]);
    });

    it('is a no-op for a session already closed', () => {
      given(userDecider, [registered, loggedIn('s1'), { type: 'UserLoggedOut', data: { userId: 'u1', sessionId: 's1' } }])
        .when({ type: 'LogOut', sessionId: 's1' })
        .then([]);
    });

    it('is a no-op for an unregistered user', () => {
      given(userDecider).when({ type: 'LogOut', sessionId: 's1' }).then([]);
    });
  });

  it('evolve does not mutate the previous sessions set', () => {
    const before = given(userDecider, [registered, loggedIn('s1')]).state;
    userDecider.evolve(before, loggedIn('s2'));
    expect([...before.sessions]).toEqual(['s1']);
  });
});

describe('emailClaimDecider', () => {
  const claim = { type: 'ClaimEmail' as const, email: 'fan@example.com', userId: 'u1' };
  const claimed = { type: 'EmailClaimed' as const, data: { email: 'fan@example.com', userId: 'u1' } };

  it('claims a free email', () => {
    const state = given(emailClaimDecider).when(claim).then([claimed]);
    expect(state).toEqual({ userId: 'u1' });
  });

  it('is idempotent for the same user', () => {
    given(emailClaimDecider, [claimed]).when(claim).then([]);
  });

  it('refuses another user with the spec message on the email field', () => {
    given(emailClaimDecider, [claimed])
      .when({ ...claim, userId: 'u2' })
      .thenThrows(EMAIL_TAKEN, { code: 'EMAIL_TAKEN', status: 409, details: { field: 'email' } });
    expect(EMAIL_TAKEN).toBe('An account with this email already exists.');
  });
});

describe('isStaffRole', () => {
  it.each(['admin', 'super_admin', 'sub_admin', 'model', 'content_manager', 'live_stream_manager', 'support'] as Role[])('%s is staff', (r) => {
    expect(isStaffRole(r)).toBe(true);
  });
  it.each(['user', 'proxy_user', null, undefined] as const)('%s is not staff', (r) => {
    expect(isStaffRole(r)).toBe(false);
  });
});

describe('routeAfterRegistration', () => {
  it('goes to /subscribe for the card REST API or a billing provider, else /membership', () => {
    expect(routeAfterRegistration({ cardRestApi: true, billingProvider: false })).toBe('/subscribe');
    expect(routeAfterRegistration({ cardRestApi: false, billingProvider: true })).toBe('/subscribe');
    expect(routeAfterRegistration({ cardRestApi: true, billingProvider: true })).toBe('/subscribe');
    expect(routeAfterRegistration({ cardRestApi: false, billingProvider: false })).toBe('/membership');
  });
});

describe('ChangePassword', () => {
  it('records the new hash and ends every other session', () => {
    const registered = { type: 'UserRegistered', data: { userId: 'u1', email: 'a@b.co', name: 'A', passwordHash: 'old', role: 'user', registeredAt: '2026-01-01T00:00:00.000Z' } } as const;
    const s1 = { type: 'UserLoggedIn', data: { userId: 'u1', sessionId: 's1', tokenHash: 'h1', expiresAt: '2026-02-01T00:00:00.000Z' } } as const;
    const s2 = { type: 'UserLoggedIn', data: { userId: 'u1', sessionId: 's2', tokenHash: 'h2', expiresAt: '2026-02-01T00:00:00.000Z' } } as const;
    const state = [registered, s1, s2].reduce(userDecider.evolve, userDecider.initialState());
    const events = userDecider.decide({ type: 'ChangePassword', passwordHash: 'new', keepSessionId: 's1', at: '2026-01-02T00:00:00.000Z' }, state);
    expect(events).toEqual([
      { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'new', changedAt: '2026-01-02T00:00:00.000Z' } },
      { type: 'UserLoggedOut', data: { userId: 'u1', sessionId: 's2' } },
    ]);
    expect(events.reduce(userDecider.evolve, state).passwordHash).toBe('new');
  });

  it('refuses an unknown user', () => {
    expect(() => userDecider.decide({ type: 'ChangePassword', passwordHash: 'x', keepSessionId: null, at: '2026-01-02T00:00:00.000Z' }, userDecider.initialState())).toThrow('Invalid User Id');
  });
});
