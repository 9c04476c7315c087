import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import type { Role } from '../shared/wire';
import {
  ALREADY_OPTED_IN,
  EMAIL_VERIFICATION_TTL_MS,
  INVALID_TOKEN,
  NO_PENDING_EMAIL_CHANGE,
  emailChangeFor,
  emailClaimStream,
  isResetTokenValid,
  photoIdFileType,
  resendWaitMessage,
  resendWaitSeconds,
  routeAfterRegistration,
  userDecider,
  userStream,
  type OptInStatus,
  type UserEvent,
} from './user';
import { isExternalRegisterPage } from '../settings/register-page';

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

  describe('AbandonRegistration (a registration that claimed its email but never wrote the user)', () => {
    const abandon = { type: 'AbandonRegistration' as const, userId: 'u1', email: 'fan@example.com', at: '2026-01-01T00:05:00.000Z' };
    const abandoned: UserEvent = { type: 'RegistrationAbandoned', data: { userId: 'u1', email: 'fan@example.com', at: abandon.at } };
    const register = { type: 'RegisterUser' as const, userId: 'u1', email: 'fan@example.com', name: 'Fan', passwordHash: 'h', role: 'user' as Role, at: '2026-01-01T00:06:00.000Z' };

    it('closes an unwritten registration, so a late RegisterUser is refused', () => {
      const state = given(userDecider).when(abandon).then([abandoned]);
      expect(state).toMatchObject({ userId: null, abandoned: true });
      given(userDecider, [abandoned]).when(register).thenThrows('Registration failed. Please try again.', { code: 'REGISTRATION_ABANDONED', status: 409 });
    });

    it('is a no-op once the user registered, or when already abandoned', () => {
      given(userDecider, [registered]).when(abandon).then([]);
      given(userDecider, [abandoned]).when(abandon).then([]);
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

describe('routeAfterRegistration', () => {
  it('goes to /subscribe for the card REST API or a billing provider, else /membership', () => {
    expect(routeAfterRegistration({ cardRestApi: true, billingProvider: false })).toBe('/subscribe');
    expect(routeAfterRegistration({ cardRestApi: false, billingProvider: true })).toBe('/subscribe');
    expect(routeAfterRegistration({ cardRestApi: true, billingProvider: true })).toBe('/subscribe');
    expect(routeAfterRegistration({ cardRestApi: false, billingProvider: false })).toBe('/membership');
  });

  it("sends new fans to the creator's external page in the new-register-page flow", () => {
    expect(routeAfterRegistration({ cardRestApi: true, billingProvider: false, newRegisterPage: 'https://welcome.example.com/start?x=1' })).toBe('https://welcome.example.com/start?x=1');
    expect(routeAfterRegistration({ cardRestApi: false, billingProvider: false, newRegisterPage: '' })).toBe('/membership');
    expect(routeAfterRegistration({ cardRestApi: false, billingProvider: false, newRegisterPage: 'http://welcome.example.com' })).toBe('/membership');
  });

  it.each(['https://example.com', 'https://a.example.com:8443/p#x'])('%s is an external page', (u) => expect(isExternalRegisterPage(u)).toBe(true));
  it.each(['http://example.com', 'javascript:alert(1)', 'https://user:pw@example.com', 'https://localhost', '//example.com', 'https://exa mple.com', '/subscribe'])(
    '%s is not',
    (u) => expect(isExternalRegisterPage(u)).toBe(false),
  );
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

describe('account self-service', () => {
  const T0 = '2026-03-01T10:00:00.000Z';
  const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
  const grant = (h: string, ttl = 3_600_000, from = 0) => ({ tokenHash: h, expiresAt: at(from + ttl) });
  const resetRequested: UserEvent = { type: 'PasswordResetRequested', data: { userId: 'u1', tokenHash: 'r1', expiresAt: at(3_600_000), at: T0 } };

  describe('password reset', () => {
    it('records a reset request; a newer one replaces the older token', () => {
      const s1 = given(userDecider, [registered]).when({ type: 'RequestPasswordReset', grant: grant('r1'), at: T0 }).then([resetRequested]);
      expect(s1.passwordReset).toEqual({ tokenHash: 'r1', expiresAt: at(3_600_000) });
      const s2 = userDecider.evolve(s1, { type: 'PasswordResetRequested', data: { userId: 'u1', tokenHash: 'r2', expiresAt: at(4_000_000), at: at(1000) } });
      expect(isResetTokenValid(s2, 'r1', at(2000))).toBe(false);
      expect(isResetTokenValid(s2, 'r2', at(2000))).toBe(true);
    });

    it('refuses a reset request for an unknown user', () => {
      given(userDecider).when({ type: 'RequestPasswordReset', grant: grant('r1'), at: T0 }).thenThrows('Invalid User Id');
    });

    it('resets the password with a live token, uses the token up and ends every session', () => {
      const state = given(userDecider, [registered, loggedIn('s1'), loggedIn('s2'), resetRequested])
        .when({ type: 'ResetPassword', tokenHash: 'r1', passwordHash: 'new', at: at(60_000) })
        .then([
          { type: 'PasswordChanged', data: { userId: 'u1', passwordHash: 'new', changedAt: at(60_000) } },
          { type: 'PasswordResetCompleted', data: { userId: 'u1', at: at(60_000) } },
          { type: 'UserLoggedOut', data: { userId: 'u1', sessionId: 's1' } },
          { type: 'UserLoggedOut', data: { userId: 'u1', sessionId: 's2' } },
        ]);
      expect(state.passwordHash).toBe('new');
      expect(state.sessions.size).toBe(0);
      expect(state.passwordReset).toBeNull();
      // Single use: the same token again is refused.
      given(userDecider, [registered, resetRequested, { type: 'PasswordResetCompleted', data: { userId: 'u1', at: at(1) } }])
        .when({ type: 'ResetPassword', tokenHash: 'r1', passwordHash: 'x', at: at(2) })
        .thenThrows(INVALID_TOKEN, { code: 'INVALID_TOKEN', status: 400 });
    });

    it('refuses an expired, wrong or missing token', () => {
      given(userDecider, [registered, resetRequested]).when({ type: 'ResetPassword', tokenHash: 'r1', passwordHash: 'x', at: at(3_600_000) }).thenThrows(INVALID_TOKEN);
      given(userDecider, [registered, resetRequested]).when({ type: 'ResetPassword', tokenHash: 'nope', passwordHash: 'x', at: at(1) }).thenThrows(INVALID_TOKEN);
      given(userDecider, [registered]).when({ type: 'ResetPassword', tokenHash: 'r1', passwordHash: 'x', at: at(1) }).thenThrows(INVALID_TOKEN);
      given(userDecider).when({ type: 'ResetPassword', tokenHash: 'r1', passwordHash: 'x', at: at(1) }).thenThrows(INVALID_TOKEN);
      const state = given(userDecider, [registered, resetRequested]).state;
      expect(isResetTokenValid(state, 'r1', at(3_599_999))).toBe(true);
      expect(isResetTokenValid(state, 'r1', at(3_600_000))).toBe(false);
    });
  });

  describe('profile details and email change', () => {
    const requested = (h: string, ms: number, email = 'new@example.com'): UserEvent => ({
      type: 'EmailChangeRequested',
      data: { userId: 'u1', newEmail: email, tokenHash: h, expiresAt: at(ms + EMAIL_VERIFICATION_TTL_MS), at: at(ms) },
    });

    it('updates the name only when it changed', () => {
      given(userDecider, [registered]).when({ type: 'ChangeProfileDetails', name: 'Fanny', at: T0 }).then([{ type: 'ProfileUpdated', data: { userId: 'u1', name: 'Fanny', at: T0 } }]);
      given(userDecider, [registered]).when({ type: 'ChangeProfileDetails', name: 'Fan', at: T0 }).then([]);
      given(userDecider, [registered, { type: 'ProfileUpdated', data: { userId: 'u1', name: 'Fanny', at: T0 } }])
        .when({ type: 'ChangeProfileDetails', name: 'Fanny', at: at(1) })
        .then([]);
    });

    it('starts an email change (name first), ignores the current address', () => {
      const state = given(userDecider, [registered])
        .when({ type: 'ChangeProfileDetails', name: 'Fanny', emailChange: { newEmail: 'new@example.com', grant: grant('e1', EMAIL_VERIFICATION_TTL_MS) }, at: T0 })
        .then([{ type: 'ProfileUpdated', data: { userId: 'u1', name: 'Fanny', at: T0 } }, requested('e1', 0)]);
      expect(state.emailChange).toMatchObject({ newEmail: 'new@example.com', requestedAt: T0, sentAt: T0 });
      given(userDecider, [registered]).when({ type: 'ChangeProfileDetails', emailChange: { newEmail: 'fan@example.com', grant: grant('e1') }, at: T0 }).then([]);
    });

    it('makes a resend wait two minutes from the last mail, with the seconds left in the message', () => {
      given(userDecider, [registered, requested('e1', 0)])
        .when({ type: 'ResendEmailChange', grant: grant('e2'), at: at(30_000) })
        .thenThrows('Please wait 90 second(s) before requesting an email resend.', { code: 'RESEND_WAIT', status: 400 });
      given(userDecider, [registered, requested('e1', 0)]).when({ type: 'ResendEmailChange', grant: grant('e2'), at: at(119_001) }).thenThrows(resendWaitMessage(1));
      const state = given(userDecider, [registered, requested('e1', 0)])
        .when({ type: 'ResendEmailChange', grant: grant('e2', EMAIL_VERIFICATION_TTL_MS, 120_000), at: at(120_000) })
        .then([requested('e2', 120_000)]);
      expect(state.emailChange).toMatchObject({ tokenHash: 'e2', requestedAt: T0, sentAt: at(120_000) });
      // A new request to another address inside the wait is refused too (no mail flood through the profile form).
      given(userDecider, [registered, requested('e1', 0)])
        .when({ type: 'ChangeProfileDetails', emailChange: { newEmail: 'other@example.com', grant: grant('e3') }, at: at(1000) })
        .thenThrows(resendWaitMessage(119));
    });

    it('refuses a resend without a pending request', () => {
      given(userDecider, [registered]).when({ type: 'ResendEmailChange', grant: grant('e2'), at: T0 }).thenThrows(NO_PENDING_EMAIL_CHANGE);
    });

    it('dismisses a pending request (idempotently); the token dies with it', () => {
      const state = given(userDecider, [registered, requested('e1', 0)]).when({ type: 'DismissEmailChange', at: at(1) }).then([{ type: 'EmailChangeDismissed', data: { userId: 'u1', at: at(1) } }]);
      expect(state.emailChange).toBeNull();
      expect(emailChangeFor(state, 'e1', at(2))).toBeNull();
      given(userDecider, [registered]).when({ type: 'DismissEmailChange', at: at(1) }).then([]);
    });

    it('confirms the change with a live token once', () => {
      const state = given(userDecider, [registered, requested('e1', 0)])
        .when({ type: 'ConfirmEmailChange', tokenHash: 'e1', at: at(1000) })
        .then([{ type: 'EmailChanged', data: { userId: 'u1', oldEmail: 'fan@example.com', newEmail: 'new@example.com', at: at(1000) } }]);
      expect(state.email).toBe('new@example.com');
      expect(state.emailChange).toBeNull();
      given(userDecider, [registered, requested('e1', 0), { type: 'EmailChanged', data: { userId: 'u1', oldEmail: 'fan@example.com', newEmail: 'new@example.com', at: at(1) } }])
        .when({ type: 'ConfirmEmailChange', tokenHash: 'e1', at: at(2) })
        .thenThrows(INVALID_TOKEN);
    });

    it('refuses an expired or superseded change token', () => {
      given(userDecider, [registered, requested('e1', 0)]).when({ type: 'ConfirmEmailChange', tokenHash: 'e1', at: at(EMAIL_VERIFICATION_TTL_MS) }).thenThrows(INVALID_TOKEN);
      given(userDecider, [registered, requested('e1', 0), requested('e2', 200_000)]).when({ type: 'ConfirmEmailChange', tokenHash: 'e1', at: at(300_000) }).thenThrows(INVALID_TOKEN);
    });
  });

  describe('email opt-in', () => {
    const linkSent = (h: string, ms: number, previousStatus: OptInStatus = 'pending'): UserEvent => ({
      type: 'EmailOptInStatusChanged',
      data: { userId: 'u1', status: 'link_sent', previousStatus, tokenHash: h, expiresAt: at(ms + EMAIL_VERIFICATION_TTL_MS), at: at(ms) },
    });

    it('starts pending and sends a link', () => {
      expect(given(userDecider, [registered]).state.optIn.status).toBe('pending');
      const state = given(userDecider, [registered])
        .when({ type: 'UpdateOptInStatus', status: 'link_sent', grant: grant('o1', EMAIL_VERIFICATION_TTL_MS), at: T0 })
        .then([linkSent('o1', 0)]);
      expect(state.optIn).toMatchObject({ status: 'link_sent', sentAt: T0 });
    });

    it('applies the resend wait to the link', () => {
      given(userDecider, [registered, linkSent('o1', 0)])
        .when({ type: 'UpdateOptInStatus', status: 'link_sent', grant: grant('o2'), at: at(100_500) })
        .thenThrows(resendWaitMessage(20));
      given(userDecider, [registered, linkSent('o1', 0)])
        .when({ type: 'UpdateOptInStatus', status: 'link_sent', grant: grant('o2', EMAIL_VERIFICATION_TTL_MS, 120_000), at: at(120_000) })
        .then([linkSent('o2', 120_000, 'link_sent')]);
    });

    it('no_thanks becomes no_thanks_opt_out after opt_out; dismissed is recorded', () => {
      const optOut: UserEvent = { type: 'EmailOptInStatusChanged', data: { userId: 'u1', status: 'opt_out', previousStatus: 'pending', at: T0 } };
      given(userDecider, [registered, optOut])
        .when({ type: 'UpdateOptInStatus', status: 'no_thanks', at: at(1) })
        .then([{ type: 'EmailOptInStatusChanged', data: { userId: 'u1', status: 'no_thanks_opt_out', previousStatus: 'opt_out', at: at(1) } }]);
      given(userDecider, [registered])
        .when({ type: 'UpdateOptInStatus', status: 'no_thanks', at: at(1) })
        .then([{ type: 'EmailOptInStatusChanged', data: { userId: 'u1', status: 'no_thanks', previousStatus: 'pending', at: at(1) } }]);
      const state = given(userDecider, [registered, linkSent('o1', 0)])
        .when({ type: 'UpdateOptInStatus', status: 'dismissed', at: at(1) })
        .then([{ type: 'EmailOptInStatusChanged', data: { userId: 'u1', status: 'dismissed', previousStatus: 'link_sent', at: at(1) } }]);
      // Leaving link_sent kills the link but keeps the resend clock.
      expect(state.optIn).toMatchObject({ status: 'dismissed', token: null, sentAt: T0 });
      given(userDecider, [registered, optOut]).when({ type: 'UpdateOptInStatus', status: 'opt_out', at: at(1) }).then([]);
    });

    it('verifies with the live link once; refuses expired, stale and repeated tokens', () => {
      const state = given(userDecider, [registered, linkSent('o1', 0)])
        .when({ type: 'VerifyOptInEmail', tokenHash: 'o1', at: at(1000) })
        .then([{ type: 'EmailOptInVerified', data: { userId: 'u1', at: at(1000) } }]);
      expect(state.optIn.status).toBe('opted_in');
      given(userDecider, [registered, linkSent('o1', 0), { type: 'EmailOptInVerified', data: { userId: 'u1', at: at(1) } }])
        .when({ type: 'VerifyOptInEmail', tokenHash: 'o1', at: at(2) })
        .thenThrows(INVALID_TOKEN);
      given(userDecider, [registered, linkSent('o1', 0)]).when({ type: 'VerifyOptInEmail', tokenHash: 'o1', at: at(EMAIL_VERIFICATION_TTL_MS) }).thenThrows(INVALID_TOKEN);
      given(userDecider, [registered, linkSent('o1', 0), linkSent('o2', 200_000, 'link_sent')]).when({ type: 'VerifyOptInEmail', tokenHash: 'o1', at: at(300_000) }).thenThrows(INVALID_TOKEN);
      given(userDecider, [registered, linkSent('o1', 0), { type: 'EmailOptInVerified', data: { userId: 'u1', at: at(1) } }])
        .when({ type: 'UpdateOptInStatus', status: 'link_sent', grant: grant('o3'), at: at(500_000) })
        .thenThrows(ALREADY_OPTED_IN);
    });

    it('records the prompt display once', () => {
      const shown: UserEvent = { type: 'EmailOptInPromptShown', data: { userId: 'u1', at: T0 } };
      given(userDecider, [registered]).when({ type: 'MarkOptInPromptShown', at: T0 }).then([shown]);
      given(userDecider, [registered, shown]).when({ type: 'MarkOptInPromptShown', at: at(1) }).then([]);
    });
  });

  describe('photo ID', () => {
    it('records an upload, then staff acceptance', () => {
      const uploaded: UserEvent = { type: 'PhotoIdUploaded', data: { userId: 'u1', fileKey: 'photo-ids/u1/a.pdf', contentType: 'application/pdf', at: T0 } };
      const s1 = given(userDecider, [registered]).when({ type: 'UploadPhotoId', fileKey: 'photo-ids/u1/a.pdf', contentType: 'application/pdf', at: T0 }).then([uploaded]);
      expect(s1.photoId).toEqual({ status: 'uploaded', fileKey: 'photo-ids/u1/a.pdf' });
      const s2 = given(userDecider, [registered, uploaded])
        .when({ type: 'SetPhotoIdAccepted', accepted: true, at: at(1) })
        .then([{ type: 'PhotoIdAcceptanceChanged', data: { userId: 'u1', accepted: true, at: at(1) } }]);
      expect(s2.photoId.status).toBe('accepted');
      expect(userDecider.decide({ type: 'SetPhotoIdAccepted', accepted: true, at: at(2) }, s2)).toEqual([]);
      given(userDecider).when({ type: 'UploadPhotoId', fileKey: 'k', contentType: 'image/png', at: T0 }).thenThrows('Invalid User Id');
    });
  });

  it('resendWaitSeconds rounds up and is 0 without a previous mail', () => {
    expect(resendWaitSeconds(null, T0)).toBe(0);
    expect(resendWaitSeconds(T0, at(1))).toBe(120);
    expect(resendWaitSeconds(T0, at(119_999))).toBe(1);
    expect(resendWaitSeconds(T0, at(120_000))).toBe(0);
  });
});

describe('photoIdFileType', () => {
  it('recognises JPEG, PNG and PDF by their first bytes, nothing else', () => {
    expect(photoIdFileType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0]))).toEqual({ contentType: 'image/jpeg', ext: 'jpg' });
    expect(photoIdFileType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toEqual({ contentType: 'image/png', ext: 'png' });
    expect(photoIdFileType(new TextEncoder().encode('%PDF-1.4\n'))).toEqual({ contentType: 'application/pdf', ext: 'pdf' });
    expect(photoIdFileType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(photoIdFileType(new TextEncoder().encode('<svg></svg>'))).toBeNull();
    expect(photoIdFileType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(photoIdFileType(new Uint8Array())).toBeNull();
  });
});
