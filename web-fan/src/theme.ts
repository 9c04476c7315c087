import { createTheme, decomposeColor, getContrastRatio, type Theme } from '@mui/material/styles';
import type { PublicSettings } from '../../domain/settings/wire';
import { pageBackgroundImage } from '../../domain/settings/appearance';

/** The tasteful dark default used when the creator set nothing (or set something unreadable). */
export const DEFAULT_COLORS = {
  content_color: '#0f1116',
  card_background_color: '#181b22',
  theme_color: '#ff5c8a',
  content_font_color: '#eceef3',
  site_font_color: '#a9afbd',
  button_shadow_color: 'rgba(255, 92, 138, 0.35)',
};

const SYSTEM_FONTS =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

function validColor(value: string | null | undefined, fallback: string): string {
  if (!value || typeof value !== 'string') return fallback;
  const v = value.trim();
  try {
    decomposeColor(v);
    return v;
  } catch {
    return fallback;
  }
}

/** Keeps the creator's text colour when it is readable (WCAG AA 4.5:1) on its background, else a safe one. */
function readable(fg: string | null | undefined, bg: string, min = 4.5): string {
  const light = '#ffffff';
  const dark = '#111318';
  const wanted = validColor(fg, '');
  if (wanted && getContrastRatio(wanted, bg) >= min) return wanted;
  return getContrastRatio(light, bg) >= getContrastRatio(dark, bg) ? light : dark;
}

function luminanceIsDark(color: string): boolean {
  return getContrastRatio(color, '#ffffff') > getContrastRatio(color, '#000000');
}

function fontStack(font: string | null | undefined): string {
  const f = (font ?? '').trim();
  if (!f || /[;{}<>]/.test(f)) return SYSTEM_FONTS;
  const quoted = f
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => (/\s/.test(part) && !/^["']/.test(part) ? `"${part}"` : part))
    .join(', ');
  return `${quoted}, ${SYSTEM_FONTS}`;
}

export function buildTheme(settings: Partial<PublicSettings> | null): Theme {
  const s = settings ?? {};
  const background = validColor(s.content_color, DEFAULT_COLORS.content_color);
  const paper = validColor(s.card_background_color, DEFAULT_COLORS.card_background_color);
  const primary = validColor(s.theme_color, DEFAULT_COLORS.theme_color);
  const dark = luminanceIsDark(background);
  const text = readable(s.content_font_color || DEFAULT_COLORS.content_font_color, paper);
  const secondaryText = readable(s.site_font_color || DEFAULT_COLORS.site_font_color, paper);
  const primaryText = readable(s.theme_font_color, primary);
  const shadow = validColor(s.button_shadow_color, dark ? DEFAULT_COLORS.button_shadow_color : 'rgba(0,0,0,0.2)');
  const divider = dark ? 'rgba(255,255,255,0.10)' : 'rgba(0,0,0,0.12)';
  // Background settings: an image behind every page (over the page colour), fixed while the feed scrolls.
  const backdrop = pageBackgroundImage({ use_background_image: !!s.use_background_image, background_image_url: s.background_image_url ?? null });
  const bodyBackground = backdrop && /^(\/media\/|https:\/\/)[^"\\\s]+$/.test(backdrop)
    ? { backgroundImage: `url("${backdrop}")`, backgroundSize: 'cover', backgroundPosition: 'center', backgroundAttachment: 'fixed', backgroundRepeat: 'no-repeat' }
    : {};

  return createTheme({
    breakpoints: { values: { xs: 0, sm: 576, md: 992, lg: 1280, xl: 1440 } },
    palette: {
      mode: dark ? 'dark' : 'light',
      primary: { main: primary, contrastText: primaryText },
      background: { default: background, paper },
      text: { primary: text, secondary: secondaryText },
      divider,
    },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily: fontStack(s.font_family),
      button: { textTransform: 'none', fontWeight: 600 },
      h1: { fontWeight: 700 },
      h2: { fontWeight: 700 },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { WebkitFontSmoothing: 'antialiased', ...bodyBackground },
          ':focus-visible': { outline: `2px solid ${primary}`, outlineOffset: 2 },
        },
      },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: { borderRadius: 999, paddingInline: 18 },
          containedPrimary: { boxShadow: `0 4px 14px ${shadow}`, '&:hover': { boxShadow: `0 6px 18px ${shadow}` } },
        },
      },
      MuiButtonBase: {
        styleOverrides: {
          root: { '&.Mui-focusVisible': { outline: `2px solid ${primary}`, outlineOffset: 2 } },
        },
      },
      MuiDialog: { styleOverrides: { paper: { backgroundImage: 'none' } } },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiTextField: { defaultProps: { fullWidth: true, variant: 'outlined' } },
    },
  });
}
