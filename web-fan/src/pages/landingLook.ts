// The landing page's look from the creator's theme-3 settings: colours made readable, font stacks, and the width
// where it switches to its phone layout.
import { getContrastRatio } from '@mui/material/styles';
import type { Theme3Settings } from '../../../domain/settings/landing';

/** Below this width the landing page uses its phone layout and side menu. */
export const MOBILE = '@media (max-width:766.95px)';
export const DESKTOP = '@media (min-width:767px)';

function fontStack(font: string): string {
  return `${font}, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif`;
}

/** The creator's text colour when it reads on the background (WCAG AA), else white or near-black. */
export function readableOn(bg: string, fg: string): string {
  try {
    if (getContrastRatio(fg, bg) >= 4.5) return fg;
    return getContrastRatio('#ffffff', bg) >= getContrastRatio('#111318', bg) ? '#ffffff' : '#111318';
  } catch {
    return '#ffffff';
  }
}

export interface Look {
  bg: string;
  text: string;
  accent: string;
  heading: string;
  body: string;
}

export function landingLook(t: Theme3Settings): Look {
  return {
    bg: t.background_color,
    text: readableOn(t.background_color, t.text_color),
    accent: t.accent_color,
    heading: fontStack(t.heading_font),
    body: fontStack(t.body_font),
  };
}
