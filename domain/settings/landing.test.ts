import { describe, expect, it } from 'vitest';
import { themeImagesDropped, themeImagesIn } from './landing';

const img = (n: number) => `/media/theme/00000000-0000-4000-8000-00000000000${n}.png`;

describe('theme images a settings change stops using', () => {
  it('finds uploaded theme images in single fields and lists, and nothing else', () => {
    expect(themeImagesIn({ a: img(1), b: [img(2), null, 'https://example.com/x.png'], c: '/media/theme/../x.png', d: 5 })).toEqual(new Set([img(1), img(2)]));
  });

  it('names the images used before and not after, whichever field still uses the others', () => {
    const before = { theme3_section2_image_url: img(1), banner_images: [img(2), img(3)], model_avatar_url: img(3) };
    const after = { ...before, theme3_section2_image_url: img(4), banner_images: [img(2), null] };
    expect(themeImagesDropped(before, after)).toEqual([img(1)]);
    expect(themeImagesDropped(after, { ...after, model_avatar_url: null })).toEqual([img(3)]);
    expect(themeImagesDropped(after, after)).toEqual([]);
  });
});
