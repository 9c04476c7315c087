// Draws the creator's watermark (domain/media/watermark.ts) with sharp: the text as SVG, rendered to a trimmed
// transparent PNG sized for the image it goes on. Photos composite it; videos overlay it with ffmpeg.
import sharp, { type OverlayOptions } from 'sharp';
import { watermarkFontPx, watermarkMarginPx, watermarkOffset, type Watermark } from '../../domain/media/watermark';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export interface WatermarkImage {
  png: Buffer;
  width: number;
  height: number;
  /** Gap to keep from the edges. */
  margin: number;
}

/** The watermark as a transparent PNG for an image `imageWidth` x `imageHeight`, never wider or taller than fits. */
export async function renderWatermark(wm: Watermark, imageWidth: number, imageHeight: number): Promise<WatermarkImage> {
  const fontPx = watermarkFontPx(imageWidth, wm.sizePercent);
  const margin = watermarkMarginPx(fontPx);
  const pad = Math.ceil(fontPx / 4);
  // Generous canvas, trimmed afterwards (the text's real width depends on the font).
  const width = Math.ceil(wm.text.length * fontPx * 0.75) + 2 * pad;
  const height = Math.ceil(fontPx * 1.6) + 2 * pad;
  const stroke = Math.max(1, Math.round(fontPx / 24));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<text x="${pad}" y="${pad + Math.round(fontPx * 1.1)}" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-weight="bold" font-size="${fontPx}" ` +
    `fill="${wm.color}" fill-opacity="${wm.opacity}" stroke="#000000" stroke-opacity="${Math.round(wm.opacity * 40) / 100}" stroke-width="${stroke}">` +
    `${escapeXml(wm.text)}</text></svg>`;
  let png = await sharp(Buffer.from(svg)).png().toBuffer();
  png = await sharp(png).trim().png().toBuffer().catch(() => png); // a blank render (no fonts) stays as it is
  const meta = await sharp(png).metadata();
  const room = { width: Math.max(1, imageWidth - 2 * margin), height: Math.max(1, imageHeight - 2 * margin) };
  if (meta.width! > room.width || meta.height! > room.height) png = await sharp(png).resize({ ...room, fit: 'inside' }).png().toBuffer();
  const fitted = await sharp(png).metadata();
  return { png, width: fitted.width!, height: fitted.height!, margin };
}

/** A sharp composite layer putting the watermark where the settings say. */
export async function watermarkLayer(wm: Watermark, imageWidth: number, imageHeight: number): Promise<OverlayOptions> {
  const mark = await renderWatermark(wm, imageWidth, imageHeight);
  const { left, top } = watermarkOffset({ width: imageWidth, height: imageHeight }, mark, wm.position, mark.margin);
  return { input: mark.png, left, top };
}

/** ffmpeg overlay x:y for the position (W/H: the video, w/h: the mark). */
export function overlayPosition(position: Watermark['position'], margin: number): string {
  const m = margin;
  return {
    top_left: `${m}:${m}`,
    top_right: `W-w-${m}:${m}`,
    bottom_left: `${m}:H-h-${m}`,
    bottom_right: `W-w-${m}:H-h-${m}`,
    center: '(W-w)/2:(H-h)/2',
  }[position];
}
