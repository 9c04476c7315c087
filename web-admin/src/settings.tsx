// Public site settings (GET /api/app_settings/get): colours, model name, composer rules.
import { createContext, useCallback, useContext, useEffect, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicSettings } from '../../domain/settings/wire';
import { api } from './api';

export const DEFAULT_SETTINGS: PublicSettings = {
  model_name: 'Fanclub',
  model_avatar_url: null,
  theme_color: '#4f46e5',
  theme_font_color: '#ffffff',
  content_color: '#ffffff',
  content_font_color: '#1f2937',
  site_font_color: '#1f2937',
  card_background_color: '#ffffff',
  button_shadow_color: '#4f46e5',
  font_family: '',
  membership_price: 0,
  recurring_membership_price: 0,
  content_unlock_minimum_amount: 5,
  content_unlock_maximum_amount: 450,
  tips_minimum_amount: 5,
  tips_maximum_amount: 500,
  enable_public_post: false,
  feed_tags_enable: false,
  is_pagination_on_exclusive_content_enabled: false,
  footer_text_html: null,
  payment_api_version: 'v2',
  after_register_route: '/membership',
  sandbox_payments: true,
  show_age_modal: true,
  age_gate_age: 18,
  maintenance_mode: false,
  is_feed_like_enabled: true,
  is_feed_comment_enabled: true,
  landing_page_enabled: false,
  log_in_navbar_name: 'Log In',
  sign_up_navbar_name: 'Sign Up',
  hero_banner: { enabled: false, type: 'image', images: [], video_url: null, mobile_video_url: null, logo_url: null, text: '', height: ['240px', '300px', '340px', '380px'] },
  social_links: {},
  payment_icons: [],
};

export async function fetchSettings(): Promise<PublicSettings> {
  const { data } = await api<Partial<PublicSettings>>('/api/app_settings/get');
  return { ...DEFAULT_SETTINGS, ...(data ?? {}) };
}

interface SettingsContextValue {
  settings: PublicSettings;
  /** false until the first answer (or failure) */
  loaded: boolean;
  refresh: () => Promise<PublicSettings>;
}

const SettingsContext = createContext<SettingsContextValue>({
  settings: DEFAULT_SETTINGS,
  loaded: false,
  refresh: async () => DEFAULT_SETTINGS,
});

/**
 * Sent by the sign-in (authProvider.ts): the settings answer is the reader's (staff get their own switches, e.g.
 * hide_earnings and the chat's row-menu features), so what was read before signing in is read again.
 */
export const SIGNED_IN_EVENT = 'fanclub:console-signed-in';

/** The settings' place in the read cache (query.ts). */
export const SETTINGS_KEY = ['app-settings'] as const;

export function SettingsProvider({ initial, children }: { initial: PublicSettings | null; children: ReactNode }) {
  const client = useQueryClient();
  // Kept until something says they changed (a save, the sign-in): every screen reads them, none refetches on mount.
  const { data, isFetched, refetch } = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: fetchSettings,
    initialData: initial ?? undefined,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const refresh = useCallback(async () => {
    const r = await refetch({ throwOnError: true });
    return r.data ?? DEFAULT_SETTINGS;
  }, [refetch]);
  useEffect(() => {
    const again = () => void client.invalidateQueries({ queryKey: SETTINGS_KEY });
    window.addEventListener(SIGNED_IN_EVENT, again);
    return () => window.removeEventListener(SIGNED_IN_EVENT, again);
  }, [client]);
  const settings = data ?? DEFAULT_SETTINGS;
  return <SettingsContext.Provider value={{ settings, loaded: initial !== null || isFetched, refresh }}>{children}</SettingsContext.Provider>;
}

export const useSettings = () => useContext(SettingsContext);

/** The settings, read again whenever `active` turns true: a screen whose choices and bounds must be current. */
export function useCurrentSettings(active = true) {
  const client = useQueryClient();
  useEffect(() => {
    if (active) void client.invalidateQueries({ queryKey: SETTINGS_KEY });
  }, [active, client]);
  return useSettings();
}
