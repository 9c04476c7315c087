import type { AuthProvider } from 'react-admin';
import type { AuthResult, MeView } from '../../domain/user/wire';
import { canUse, isStaffRole } from './access';
import { api, ApiRequestError, isSignedIn, setSignedIn } from './api';
import { stopLive } from './realtime';
import { SIGNED_IN_EVENT } from './settings';

export const NOT_STAFF_MESSAGE =
  'This account has no access to the staff console. Sign in with a staff account.';

// The signed-in staff member, fetched once per sign-in (the session is the console's httpOnly cookie).
let me: MeView | null = null;
let mePending: Promise<MeView> | null = null;

async function loadMe(): Promise<MeView> {
  if (!isSignedIn()) throw new ApiRequestError('Please sign in.', 401);
  if (me) return me;
  if (!mePending) {
    mePending = api<MeView>('/api/users/me')
      .then(({ data }) => {
        me = data;
        return data;
      })
      .finally(() => {
        mePending = null;
      });
  }
  return mePending;
}

function forget() {
  setSignedIn(false);
  me = null;
}

export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    // The server answers with the console's session cookie (X-Fanclub-App: console).
    const { data } = await api<AuthResult>('/api/users/login', {
      body: { email: String(username ?? '').trim(), password },
    });
    if (!data?.userId) throw new Error('Sign-in failed. Please try again.');
    me = null;
    const { data: view } = await api<MeView>('/api/users/me');
    if (!isStaffRole(view.role)) {
      // Close the session we just opened; the account stays usable on the fan site.
      await api('/api/users/logout', { method: 'POST', body: {} }).catch(() => undefined);
      throw new Error(NOT_STAFF_MESSAGE);
    }
    setSignedIn(true);
    me = view;
    window.dispatchEvent(new Event(SIGNED_IN_EVENT));
  },

  async logout() {
    const signedIn = isSignedIn();
    // The socket goes first: its session ending must not read as "signed out elsewhere" (which would send the
    // next sign-in back to this page instead of the dashboard).
    stopLive();
    forget();
    if (signedIn) await api('/api/users/logout', { method: 'POST', body: {} }).catch(() => undefined);
    // No redirect returned: react-admin then goes to its login URL under the basename (/admin/login).
  },

  async checkAuth() {
    if (!isSignedIn()) throw new Error('Please sign in.');
  },

  async checkError(error: { status?: number } | undefined) {
    const status = error?.status;
    // Only a dead session signs staff out; a 403 is a permission answer, shown as an error on the page.
    if (status === 401) {
      forget();
      throw new Error('Your session has ended. Please sign in again.');
    }
  },

  async getIdentity() {
    const view = await loadMe();
    return { id: view._id, fullName: view.name || view.email, avatar: view.avatarUrl ?? undefined };
  },

  async getPermissions() {
    if (!isSignedIn()) return undefined;
    try {
      const view = await loadMe();
      return isStaffRole(view.role) ? view.role : undefined;
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) forget();
      throw error;
    }
  },

  async canAccess({ resource, action }: { resource: string; action: string }) {
    if (!isSignedIn()) return false;
    const view = await loadMe().catch(() => null);
    if (!view) return false;
    return canUse(view.role, resource, action);
  },
};
