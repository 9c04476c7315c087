import { darken, lighten } from '@mui/material/styles';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { PublicSettings } from '../../domain/settings/wire';

// MUI only understands #rgb, #rrggbb(aa), rgb(a)(), hsl(a)(); anything else would throw, so ignore it.
const COLOR = /^(#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})|(rgb|rgba|hsl|hsla)\([^)]*\))$/i;
export const safeColor = (value: unknown): string | undefined =>
  typeof value === 'string' && COLOR.test(value.trim()) ? value.trim() : undefined;

const SYSTEM_FONTS =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

function overrides(settings: PublicSettings, mode: 'light' | 'dark'): RaThemeOptions {
  const primary = safeColor(settings.theme_color);
  const contrast = safeColor(settings.theme_font_color);
  const font = settings.font_family?.trim();
  return {
    palette: {
      mode,
      // The app bar uses `secondary` in react-admin's default theme: brand both with the creator's colour.
      ...(primary
        ? {
            // light / dark computed here (react-admin's bulk-actions bar reads primary.light directly).
            primary: { main: primary, light: lighten(primary, 0.2), dark: darken(primary, 0.3), contrastText: contrast },
            secondary: { main: primary, light: lighten(primary, 0.2), dark: darken(primary, 0.3), contrastText: contrast },
          }
        : {}),
    },
    typography: { fontFamily: font ? `${font}, ${SYSTEM_FONTS}` : SYSTEM_FONTS },
    components: {
      MuiChip: { defaultProps: { size: 'small' } },
    },
  };
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

function deepmerge<T>(target: T, source: unknown): T {
  if (!isPlain(target) || !isPlain(source)) return (source === undefined ? target : source) as T;
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(source)) out[key] = value === undefined ? undefined : deepmerge(out[key], value);
  return out as T;
}

export function buildThemes(settings: PublicSettings): { light: RaThemeOptions; dark: RaThemeOptions } {
  return {
    light: deepmerge(defaultLightTheme, overrides(settings, 'light')),
    dark: deepmerge(defaultDarkTheme, overrides(settings, 'dark')),
  };
}
