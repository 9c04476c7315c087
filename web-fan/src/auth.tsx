import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isCancelledError, useQuery, useQueryClient } from '@tanstack/react-query';
import { stopLive, useInvalidateOn } from './realtime';
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

/** The signed-in account (GET /api/users/me) and the public settings live in the query cache under these keys. */
export const ME_KEY = ['auth', 'me'] as const;
const SETTINGS_KEY = ['auth', 'settings'] as const;
const SETTINGS_NEWS = ['SETTINGS_UPDATED'] as const;
const isSettingsKey = (key: readonly unknown[]) => key[0] === SETTINGS_KEY[0] && key[1] === SETTINGS_KEY[1];

interface MeRead { waitFor?: string; fromLoginOrSignup?: boolean }

/** `me` as the server has it now; null without a session or on a 401 (the 401 hook signs out). */
async function readMe(opts: MeRead, signal?: AbortSignal): Promise<MeView | null> {
  if (!hasSession()) return null;
  try {
    const query = { is_request_from_login_or_signup_api: opts.fromLoginOrSignup ? true : undefined, wait_for: opts.waitFor };
    return (await api.get<MeView>('/api/users/me', query, signal)).data;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** The public settings; the last answer is kept for the next start (shown before the first read answers). */
async function readSettings(): Promise<PublicSettings> {
  const { data } = await api.get<PublicSettings>('/api/app_settings/get');
  try {
    localStorage.setItem(SETTINGS_CACHE, JSON.stringify(data));
  } catch {
    /* ignore */
  }
  return data;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const [token, setTokenState] = useState<string | null>(() => (hasSession() ? 'session' : null));
  const [cachedSettings] = useState<PublicSettings | null>(() => readCachedSettings());
  const [blocked, setBlocked] = useState<string | null>(null);
  const [isProxy] = useState<boolean>(() => isProxyView());

  // `me` is read when a session starts, after a reconnect (the live connection marks every query stale) and on
  // request (refresh); a tab coming back does not read it again: frames and actions keep it current.
  const meQuery = useQuery({ queryKey: ME_KEY, queryFn: ({ signal }) => readMe({}, signal), enabled: !!token, staleTime: Infinity });
  const me = token ? (meQuery.data ?? null) : null;
  const loadingMe = !!token && meQuery.isPending;

  const logout = useCallback((options: { everywhere?: boolean } = {}) => {
    // What was read for the session that ends leaves the cache (a read still under way is dropped), so the next
    // reader never sees it; the public settings stay until they are read again for the guest.
    client.removeQueries({ predicate: (q) => !isSettingsKey(q.queryKey) });
    if (isProxyView()) {
      // Proxy view: the server ends the proxy session and drops its cookie; back to the console (full page load).
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
    // The socket goes first, so its session ending is not taken for a sign-out elsewhere.
    stopLive();
    setSignedIn(false);
    setTokenState(null);
    if (had) {
      // Best effort: end the session on the server, which also clears the cookie.
      fetch('/api/users/logout', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ everywhere: !!options.everywhere }),
      }).catch(() => undefined);
    }
  }, [client]);

  /**
   * Reads `me` now with these options (a read already under way may predate what the caller wrote, so it is
   * cancelled). When a later read cancels this one, the caller gets that later read's answer.
   */
  const loadMe = useCallback(async (opts: MeRead = {}, cancelOthers = true): Promise<MeView | null> => {
    if (!hasSession()) return null;
    if (cancelOthers) await client.cancelQueries({ queryKey: ME_KEY });
    try {
      return await client.fetchQuery({ queryKey: ME_KEY, queryFn: ({ signal }) => readMe(opts, signal), staleTime: 0 });
    } catch (err) {
      if (isCancelledError(err)) return loadMe(opts, false);
      throw err;
    }
  }, [client]);

  useEffect(() => {
    setUnauthorizedHandler(logout);
    setBlockedHandler(setBlocked);
    return () => {
      setUnauthorizedHandler(null);
      setBlockedHandler(null);
    };
  }, [logout]);

  const clearBlocked = useCallback(() => setBlocked(null), []);

  // The public settings; read again when the creator changes them (SETTINGS_UPDATED, to every fan) or after a
  // reconnect. A failed read keeps what is shown (or the copy kept from the last visit).
  const settingsQuery = useQuery({ queryKey: SETTINGS_KEY, queryFn: readSettings, staleTime: Infinity });
  useInvalidateOn(SETTINGS_NEWS, SETTINGS_KEY);
  const settings = settingsQuery.data ?? cachedSettings;
  const settingsLoaded = settingsQuery.isFetched;
  // The public settings are the reader's own (a member gets the members' banner text and links, a guest does not):
  // read again when the reader changes — a sign-in, a sign-out, a membership that starts or ends.
  const viewer = me ? `${me._id}:${me.role}:${isMember(me)}` : token ? null : 'guest';
  const lastViewer = useRef<string | null>(null);
  useEffect(() => {
    if (viewer === null) return; // signed in, the account not read yet
    if (lastViewer.current !== null && lastViewer.current !== viewer) void client.invalidateQueries({ queryKey: SETTINGS_KEY });
    lastViewer.current = viewer;
  }, [viewer, client]);

  // Tokens older versions kept: removed on start.
  useEffect(() => {
    for (const key of LEGACY_TOKEN_KEYS) {
      try {
        localStorage.removeItem(key);
      } catch {
        /* ignore */
      }
    }
  }, []);

  const login = useCallback(
    async (_token?: string | null, opts: { fromLoginOrSignup?: boolean } = {}) => {
      // A login on the site itself ends any proxy view the server had (it cleared the proxy cookie).
      clearProxyView();
      setSignedIn(true);
      setTokenState('session');
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
