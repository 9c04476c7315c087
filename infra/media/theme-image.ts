// Landing-page and banner images (the upload-theme-image call): PNG or JPEG only, re-encoded so that what we
// store and serve publicly is a clean image (EXIF and GPS data dropped, orientation applied, at most 2560 px).
import sharp from 'sharp';

export type ThemeImageFormat = 'jpg' | 'png';

/** The format the bytes really are (not what the file name says), or null for anything else. */
export function sniffThemeImage(data: Buffer): ThemeImageFormat | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  return null;
}

/** Re-encodes in the same format; throws when the bytes are not a decodable image. */
export async function normaliseThemeImage(data: Buffer, format: ThemeImageFormat): Promise<Buffer> {
  const img = sharp(data, { failOn: 'error', limitInputPixels: 80_000_000 })
    .rotate()
    .resize({ width: 2560, height: 2560, fit: 'inside', withoutEnlargement: true });
  return format === 'png' ? img.png({ compressionLevel: 9 }).toBuffer() : img.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
}
