import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { stopLive, useFrame, useLiveReload } from './realtime';
import type { MeView } from '../../domain/user/wire';
import type { PublicSettings } from '../../domain/settings/wire';
import { ApiError, api, clearProxyView, hasSession, isProxyView, setBlockedHandler, setSignedIn, setUnauthorizedHandler } from './api';
import { isMember } from './format';

const SETTINGS_CACHE = 'fanclub.settings';
/** Where a route guard sent the guest from; login goes back there. */
export const REDIRECT_KEY = 'fanclub.redirect';
/** Where a proxy session ends (back to the admin session). */
export const PROXY_EXIT_URL = '/admin/transactions';

/** Tokens older versions kept in localStorage: removed on start (the session is an httpOnly cookie now). */
const LEGACY_TOKEN_KEYS = ['fanclub.token', 'fanclub.proxyToken'];

export interface AuthState {
  /** 'session' while signed in (the session itself is an httpOnly cookie page script never sees), else null. */
  token: string | null;
  me: MeView | null;
  /** True while signed in but `me` is not loaded yet. */
  loadingMe: boolean;
  settings: PublicSettings | null;
  settingsLoaded: boolean;
  /** After a login the server answered (it set the session cookie): loads `me` and returns it. The token is not kept. */
  login: (token?: string | null, opts?: { fromLoginOrSignup?: boolean }) => Promise<MeView | null>;
  /** Ends the session. In a proxy session: ends the proxy session and returns to the console (full page load). */
  /** `everywhere` ends every session of the account (all devices), not just this one. */
  logout: (options?: { everywhere?: boolean }) => void;
  /** The console opened a proxy view (an admin viewing the site as this fan). */
  isProxy: boolean;
  /** Set (to the server's message) once any request answered 430: the account is blocked. */
  blocked: string | null;
  clearBlocked: () => void;
  /** Reloads `me`; `waitFor` is an event-log position to read one's own write. */
  refresh: (waitFor?: string) => Promise<MeView | null>;
}

const AuthContext = createContext<AuthState | null>(null);

function readCachedSettings(): PublicSettings | null {
  try {
    const raw = localStorage.getItem(SETTINGS_CACHE);
    return raw ? (JSON.parse(raw) as PublicSettings) : null;
  } catch {
    return null;
  }
}

export function saveRedirect(path: string): void {
  try {
    sessionStorage.setItem(REDIRECT_KEY, path);
  } catch {
    /* ignore */
  }
}

export function takeRedirect(): string | null {
  try {
    const path = sessionStorage.getItem(REDIRECT_KEY);
    sessionStorage.removeItem(REDIRECT_KEY);
    // Only same-site paths.
    return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setTokenState] = useState<string | null>(() => (hasSession() ? 'session' : null));
  const [me, setMe] = useState<MeView | null>(null);
  const [loadingMe, setLoadingMe] = useState<boolean>(() => hasSession());
  const [settings, setSettings] = useState<PublicSettings | null>(() => readCachedSettings());
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [isProxy] = useState<boolean>(() => isProxyView());
  const generation = useRef(0);

  const logout = useCallback((options: { everywhere?: boolean } = {}) => {
    if (isProxyView()) {
      // Proxy view: the server ends the proxy session and drops its cookie; back to the console (full page load).
      generation.current += 1;
      clearProxyView();
      const done = () => window.location.assign(PROXY_EXIT_URL);
      const timeout = new Promise((resolve) => setTimeout(resolve, 2000));
      Promise.race([
        fetch('/api/users/logout', { method: 'POST', credentials: 'same-origin', keepalive: true }).catch(() => undefined),
        timeout,
      ]).finally(done);
      return;
    }
    const had = hasSession();
    generation.current += 1;
    // The socket goes first, so its session ending is not taken for a sign-out elsewhere.
    stopLive();
    setSignedIn(false);
    setTokenState(null);
    setMe(null);
    setLoadingMe(false);
    if (had) {
      // Best effort: end the session on the server, which also clears the cookie.
      fetch('/api/users/logout', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ everywhere: !!options.everywhere }),
      }).catch(() => undefined);
    }
  }, []);

  const loadMe = useCallback(async (opts: { waitFor?: string; fromLoginOrSignup?: boolean } = {}) => {
    if (!hasSession()) return null;
    const gen = generation.current;
    try {
      const { data } = await api.get<MeView>('/api/users/me', {
        is_request_from_login_or_signup_api: opts.fromLoginOrSignup ? true : undefined,
        wait_for: opts.waitFor,
      });
      if (gen !== generation.current) return null;
      setMe(data);
      return data;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null; // handled by the 401 hook (logout)
      throw err;
    } finally {
      if (gen === generation.current) setLoadingMe(false);
    }
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(logout);
    setBlockedHandler(setBlocked);
    return () => {
      setUnauthorizedHandler(null);
      setBlockedHandler(null);
    };
  }, [logout]);

  const clearBlocked = useCallback(() => setBlocked(null), []);

  // The public settings; read again when the creator changes them (SETTINGS_UPDATED, to every fan) or after a reconnect.
  const settingsGen = useRef(0);
  const loadSettings = useCallback(() => {
    const gen = ++settingsGen.current;
    return api
      .get<PublicSettings>('/api/app_settings/get')
      .then(({ data }) => {
        if (gen !== settingsGen.current) return;
        setSettings(data);
        try {
          localStorage.setItem(SETTINGS_CACHE, JSON.stringify(data));
        } catch {
          /* ignore */
        }
      })
      .catch(() => undefined);
  }, []);
  useFrame('SETTINGS_UPDATED', () => void loadSettings());
  useLiveReload(() => void loadSettings());
  // The public settings are the reader's own (a member gets the members' banner text and links, a guest does not):
  // read again when the reader changes — a sign-in, a sign-out, a membership that starts or ends.
  const viewer = me ? `${me._id}:${me.role}:${isMember(me)}` : token ? null : 'guest';
  const lastViewer = useRef<string | null>(null);
  useEffect(() => {
    if (viewer === null) return; // signed in, the account not read yet
    if (lastViewer.current !== null && lastViewer.current !== viewer) void loadSettings();
    lastViewer.current = viewer;
  }, [viewer, loadSettings]);

  // Initial load: settings (public) and, with a token, the current user.
  useEffect(() => {
    let alive = true;
    void loadSettings().finally(() => alive && setSettingsLoaded(true));
    for (const key of LEGACY_TOKEN_KEYS) {
      try {
        localStorage.removeItem(key);
      } catch {
        /* ignore */
      }
    }
    if (hasSession()) loadMe().catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [loadMe, loadSettings]);

  const login = useCallback(
    async (_token?: string | null, opts: { fromLoginOrSignup?: boolean } = {}) => {
      generation.current += 1;
      // A login on the site itself ends any proxy view the server had (it cleared the proxy cookie).
      clearProxyView();
      setSignedIn(true);
      setTokenState('session');
      setLoadingMe(true);
      return loadMe({ fromLoginOrSignup: opts.fromLoginOrSignup });
    },
    [loadMe],
  );

  const refresh = useCallback((waitFor?: string) => loadMe({ waitFor }), [loadMe]);

  const value = useMemo<AuthState>(
    () => ({ token, me, loadingMe, settings, settingsLoaded, login, logout, refresh, isProxy, blocked, clearBlocked }),
    [token, me, loadingMe, settings, settingsLoaded, login, logout, refresh, isProxy, blocked, clearBlocked],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

export function useModelName(): string {
  const { settings } = useAuth();
  return settings?.model_name?.trim() || 'Fanclub';
}

/** An admin is viewing the site as a fan (the console opened a proxy view, or the server says so). */
export function useIsProxy(): boolean {
  const { isProxy, me } = useAuth();
  return isProxy || !!me?.proxyAdminId || me?.role === 'proxy_user';
}

/**
 * Where login goes: back to the saved pre-login route when there is one; otherwise a user who
 * never subscribed goes to /subscribe and anyone else to /.
 */
export function afterLoginRoute(user: MeView | null): string {
  const saved = takeRedirect();
  if (saved) return saved;
  return user && user.role === 'user' && !user.isAdmin && !user.isSubscribedEver ? '/subscribe' : '/';
}
