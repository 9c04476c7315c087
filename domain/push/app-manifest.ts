// The installable app: the web-app manifest and its icons, named after the creator and drawn from
// their avatar. Pure: the site's settings come in; drawing the PNGs is api/app-icons.ts.
export const APP_ICON_SIZES = [192, 512] as const;
export type AppIconSize = (typeof APP_ICON_SIZES)[number];
export interface AppIcon {
  /** 'maskable' keeps a safe margin round the picture (the device may crop it to a circle). */
  purpose: 'icon' | 'maskable';
  size: AppIconSize;
}

interface AppLook {
  model_name: string;
  model_avatar_url: string | null;
  theme_color: string;
}

export const appName = (s: Pick<AppLook, 'model_name'>) => s.model_name || 'Fanclub';

/** Longest short name a home screen shows whole. */
export const SHORT_NAME_MAX = 12;

/**
 * The app's short name, never cut inside a word: the whole name when it fits, else as many leading words as fit,
 * else the initials of a longer name ("Maria Fernanda Bellucci-Rossi" → "Maria"; "Anastasiaxyzw Q" → "AQ"), else the
 * one long word whole (the home screen ellipsises it; cutting it would make another word).
 */
export function shortAppName(name: string, max = SHORT_NAME_MAX): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Fanclub';
  const whole = words.join(' ');
  if (whole.length <= max) return whole;
  let fit = '';
  for (const w of words) {
    const next = fit ? `${fit} ${w}` : w;
    if (next.length > max) break;
    fit = next;
  }
  if (fit) return fit;
  if (words.length > 1) return words.map((w) => [...w][0].toUpperCase()).join('').slice(0, max);
  return words[0];
}

/** A short hash of what an icon is drawn from: its address changes only when the picture does. */
export function appIconSignature(s: AppLook): string {
  // The avatar's path without its short-lived signature, so the icon's address stays put while the avatar does.
  const stable = (s.model_avatar_url ?? '').split('?')[0];
  let h = 0;
  for (const c of `${stable}|${appName(s)}|${s.theme_color}`) h = (h * 31 + c.charCodeAt(0)) | 0;
  return (h >>> 0).toString(36);
}

export function webAppManifest(s: AppLook) {
  const name = appName(s);
  const sig = appIconSignature(s);
  return {
    id: '/',
    name,
    short_name: shortAppName(name),
    description: `${name} — the official fan site`,
    start_url: '/?source=pwa',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#121212',
    theme_color: s.theme_color,
    icons: APP_ICON_SIZES.flatMap((size) => [
      { src: `/app-icons/icon-${size}.png?v=${sig}`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' },
      { src: `/app-icons/maskable-${size}.png?v=${sig}`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' },
    ]),
  };
}

/** 'maskable-512.png' → the icon it names; anything else is not one of ours (null). */
export function appIconOf(file: string): AppIcon | null {
  const m = /^(icon|maskable)-(192|512)\.png$/.exec(file);
  return m ? { purpose: m[1] as AppIcon['purpose'], size: Number(m[2]) as AppIconSize } : null;
}

/** The theme colour when it is a plain #rrggbb, else the default pink. */
export const appIconBackground = (colour: string) => (/^#[0-9a-fA-F]{6}$/.test(colour) ? colour : '#e91e63');

/** The picture's side inside an icon: a maskable icon keeps a 10% margin each side. */
export const appIconInner = (icon: AppIcon) => (icon.purpose === 'maskable' ? Math.round(icon.size * 0.8) : icon.size);

/** Without an avatar: the creator's initial, white on the background colour. */
export function appIconMonogram(name: string, background: string, icon: AppIcon): string {
  const letter = (name.trim()[0] ?? 'F').toUpperCase().replace(/[<>&"']/g, '');
  const { size } = icon;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="${background}"/><text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${Math.round(appIconInner(icon) * 0.55)}" fill="#ffffff">${letter}</text></svg>`;
}
