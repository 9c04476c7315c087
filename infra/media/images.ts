// Image renditions with sharp: an upright web original, a thumbnail, and a heavily blurred preview that is
// safe to show to anyone (it is all a non-buyer ever receives).
import sharp from 'sharp';

export interface ImageRenditions {
  original: Buffer;
  thumbnail: Buffer;
  blur: Buffer;
  width: number;
  height: number;
}

export async function renderImage(input: Buffer): Promise<ImageRenditions> {
  const upright = sharp(input, { failOn: 'error' }).rotate(); // honour EXIF orientation
  const original = await upright.clone().resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 88, mozjpeg: true }).toBuffer({ resolveWithObject: true });
  const thumbnail = await sharp(original.data).resize({ width: 720, height: 720, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
  // Downscale first so the blur cannot be undone and the file stays tiny.
  const blur = await sharp(original.data).resize({ width: 48, height: 48, fit: 'inside' }).blur(4).resize({ width: 480, height: 480, fit: 'inside' }).blur(12).jpeg({ quality: 60 }).toBuffer();
  return { original: original.data, thumbnail, blur, width: original.info.width, height: original.info.height };
}
