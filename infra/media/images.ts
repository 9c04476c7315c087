// Image renditions with sharp: an upright web original, a thumbnail, and a heavily blurred preview that is
// safe to show to anyone (it is all a non-buyer ever receives). The creator's watermark, when on, is drawn on
// the original (and so on the thumbnail made from it), never on the blur.
import sharp, { type Sharp } from 'sharp';
import type { ImageOptions, ImageRenditions } from './port';
import { watermarkLayer } from './watermark';

/** Upright (EXIF), turned by `rotation`, at most 2048 px. */
const webSized = (input: Buffer, rotation = 0) => {
  let img = sharp(input, { failOn: 'error' }).rotate(); // honour EXIF orientation
  if (rotation % 360) img = img.rotate(rotation);
  return img.resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true });
};

/** Downscale first so the blur cannot be undone and the file stays tiny. */
const blurOf = (img: Sharp) =>
  img.resize({ width: 48, height: 48, fit: 'inside' }).blur(4).resize({ width: 480, height: 480, fit: 'inside' }).blur(12).jpeg({ quality: 60 }).toBuffer();

export async function renderImage(input: Buffer, options: ImageOptions = {}): Promise<ImageRenditions> {
  const { data, info } = await webSized(input, options.rotation).raw().toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const marked = options.watermark ? pixels().composite([await watermarkLayer(options.watermark, info.width, info.height)]) : pixels();
  const original = await marked.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
  const thumbnail = await sharp(original).resize({ width: 720, height: 720, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
  const blur = await blurOf(pixels());
  return { original, thumbnail, blur, width: info.width, height: info.height };
}

/** Only the blurred preview (Refresh Blur Image): from the clean upload, turned like the original. */
export async function renderBlur(input: Buffer, options: { rotation?: number } = {}): Promise<Buffer> {
  const { data, info } = await webSized(input, options.rotation).raw().toBuffer({ resolveWithObject: true });
  return blurOf(sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }));
}
