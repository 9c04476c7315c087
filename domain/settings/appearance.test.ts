import { describe, expect, it } from 'vitest';
import { APPEARANCE_DEFAULTS, fourSizes, GA4_MEASUREMENT_ID, pageBackgroundImage, withoutAppearanceImage } from './appearance';

const img = (n: number) => `/media/theme/00000000-0000-4000-8000-00000000000${n}.png`;

describe('appearance settings', () => {
  it('reads the four pipe-separated sizes, and nothing else', () => {
    expect(fourSizes(APPEARANCE_DEFAULTS.new_signup_design_title_font_size)).toEqual(['55px', '65px', '75px', '85px']);
    expect(fourSizes(' 2rem|3rem|4rem|5rem ')).toEqual(['2rem', '3rem', '4rem', '5rem']);
    for (const bad of ['55px|65px|75px', '55px|65px|75px|85px|95px', '55|65|75|85', '55px;color:red|1px|1px|1px', '', null, undefined]) expect(fourSizes(bad)).toBeNull();
  });

  it('paints the background image only when it is switched on and set', () => {
    expect(pageBackgroundImage({ use_background_image: true, background_image_url: img(1) })).toBe(img(1));
    expect(pageBackgroundImage({ use_background_image: false, background_image_url: img(1) })).toBeNull();
    expect(pageBackgroundImage({ use_background_image: true, background_image_url: null })).toBeNull();
  });

  it('a deleted theme image leaves the settings that used it, and the background goes off with its image', () => {
    const s = { ...APPEARANCE_DEFAULTS, theme2_banner_image_url: img(1), theme2_profile_image_url: img(2), background_image_url: img(1), use_background_image: true };
    expect(withoutAppearanceImage(s, img(1))).toEqual({ theme2_banner_image_url: null, background_image_url: null, use_background_image: false });
    expect(withoutAppearanceImage(s, img(3))).toEqual({});
  });

  it('GA4 ids look like G-XXXXXXXX', () => {
    expect(GA4_MEASUREMENT_ID.test('G-AB12CD34EF')).toBe(true);
    expect(GA4_MEASUREMENT_ID.test('UA-1234-1')).toBe(false);
    expect(GA4_MEASUREMENT_ID.test('G-<script>')).toBe(false);
  });
});
