// The watermark the creator sets in the settings (enable_watermark, watermark_position): text drawn on
// photo originals and web videos at rendering time. Never on the blurred preview, which stays a plain blur.

export const WATERMARK_POSITIONS = ['top_left', 'top_right', 'bottom_left', 'bottom_right', 'center'] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];

/** #rrggbb, or #rrggbbaa where aa is the opacity. */
export const WATERMARK_COLOR = /^#([0-9a-f]{6}|[0-9a-f]{8})$/i;
export const WATERMARK_SIZE_MIN = 2;
export const WATERMARK_SIZE_MAX = 20;
export const WATERMARK_TEXT_MAX = 60;

export interface Watermark {
  text: string;
  /** Text height in percent of the image width. */
  sizePercent: number;
  /** #rrggbb */
  color: string;
  /** 0..1 */
  opacity: number;
  position: WatermarkPosition;
}

export interface WatermarkSettings {
  model_name: string;
  enable_watermark: boolean;
  watermark_text: string;
  watermark_size: number;
  watermark_color: string;
  watermark_position: WatermarkPosition;
}

/** What to draw, or null when off (or when there is no text to draw). Bad stored values fall back to defaults. */
export function watermarkOf(s: WatermarkSettings): Watermark | null {
  if (!s.enable_watermark) return null;
  const text = (s.watermark_text?.trim() || s.model_name?.trim() || '').slice(0, WATERMARK_TEXT_MAX);
  if (!text) return null;
  const color = WATERMARK_COLOR.test(s.watermark_color ?? '') ? s.watermark_color : '#ffffff80';
  const size = Number.isFinite(s.watermark_size) ? s.watermark_size : 5;
  return {
    text,
    sizePercent: Math.min(WATERMARK_SIZE_MAX, Math.max(WATERMARK_SIZE_MIN, size)),
    color: color.slice(0, 7).toLowerCase(),
    opacity: color.length === 9 ? Math.round((parseInt(color.slice(7), 16) / 255) * 100) / 100 : 1,
    position: (WATERMARK_POSITIONS as readonly string[]).includes(s.watermark_position) ? s.watermark_position : 'bottom_right',
  };
}

/** Text height in pixels on an image `imageWidth` wide (at least 8 px so it stays legible on small images). */
export const watermarkFontPx = (imageWidth: number, sizePercent: number) => Math.max(8, Math.round((imageWidth * sizePercent) / 100));

/** Gap between the watermark and the image's edges. */
export const watermarkMarginPx = (fontPx: number) => Math.max(4, Math.round(fontPx / 2));

/** Top-left corner of a mark `mark` big on an image `image` big, kept inside the image. */
export function watermarkOffset(
  image: { width: number; height: number },
  mark: { width: number; height: number },
  position: WatermarkPosition,
  margin: number,
): { left: number; top: number } {
  const right = image.width - mark.width - margin;
  const bottom = image.height - mark.height - margin;
  const at = {
    top_left: { left: margin, top: margin },
    top_right: { left: right, top: margin },
    bottom_left: { left: margin, top: bottom },
    bottom_right: { left: right, top: bottom },
    center: { left: Math.round((image.width - mark.width) / 2), top: Math.round((image.height - mark.height) / 2) },
  }[position];
  return { left: Math.max(0, Math.round(at.left)), top: Math.max(0, Math.round(at.top)) };
}
