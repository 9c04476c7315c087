// The installable app's icons: PNGs drawn with sharp from the creator's avatar, or their initial
// (domain/push/app-manifest.ts), kept in memory per look: the address carries the look's signature.
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { appIconBackground, appIconInner, appIconMonogram, appIconSignature, appName, type AppIcon } from '../domain/push/app-manifest';
import { currentSettings } from '../projections/settings';
import type { Services } from './services';

export function appIcons(app: FastifyInstance, services: Services) {
  const drawn = new Map<string, Buffer>();
  return async (icon: AppIcon): Promise<Buffer> => {
    const s = await currentSettings(services.database.db);
    const key = `${icon.purpose}-${icon.size}-${appIconSignature(s)}`;
    let png = drawn.get(key);
    if (!png) {
      png = await drawIcon(app, s.model_avatar_url, appName(s), s.theme_color, icon);
      if (drawn.size > 50) drawn.clear();
      drawn.set(key, png);
    }
    return png;
  };
}

/** The creator's avatar, cropped square (a maskable icon keeps a safe margin); without one, their initial on the theme colour. */
async function drawIcon(app: FastifyInstance, avatar: string | null, name: string, colour: string, icon: AppIcon): Promise<Buffer> {
  const bg = appIconBackground(colour);
  let source: Buffer | null = null;
  if (avatar && avatar.startsWith('/')) {
    // Our own media (a signed /media/ link): read through the app itself, so storage and signatures stay its business.
    const res = await app.inject({ method: 'GET', url: avatar }).catch(() => null);
    if (res && res.statusCode === 200) source = res.rawPayload;
  }
  if (source) {
    try {
      const inner = appIconInner(icon);
      const img = await sharp(source).resize(inner, inner, { fit: 'cover' }).png().toBuffer();
      return await sharp({ create: { width: icon.size, height: icon.size, channels: 4, background: bg } }).composite([{ input: img, gravity: 'center' }]).png().toBuffer();
    } catch {
      /* not an image sharp reads: the monogram below */
    }
  }
  return sharp(Buffer.from(appIconMonogram(name, bg, icon))).png().toBuffer();
}
