import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings/settings';
import { watermarkFontPx, watermarkOf, watermarkOffset } from './watermark';

describe('watermarkOf (settings → what to draw)', () => {
  it('is off by default', () => expect(watermarkOf(DEFAULT_SETTINGS)).toBeNull());
  it('uses the model name when the text is empty, and reads the colour alpha as opacity', () => {
    expect(watermarkOf({ ...DEFAULT_SETTINGS, enable_watermark: true, model_name: 'Jane Doe' })).toEqual({
      text: 'Jane Doe', sizePercent: 5, color: '#ffffff', opacity: 0.5, position: 'bottom_right',
    });
  });
  it('takes the text, size, colour and position given; clamps a size out of 2..20', () => {
    const s = { ...DEFAULT_SETTINGS, enable_watermark: true, watermark_text: ' @jane ', watermark_size: 50, watermark_color: '#FF0000', watermark_position: 'top_left' as const };
    expect(watermarkOf(s)).toEqual({ text: '@jane', sizePercent: 20, color: '#ff0000', opacity: 1, position: 'top_left' });
    expect(watermarkOf({ ...s, watermark_size: 1 })!.sizePercent).toBe(2);
  });
});

describe('placement', () => {
  it('text height is the percentage of the image width', () => {
    expect(watermarkFontPx(2000, 5)).toBe(100);
    expect(watermarkFontPx(100, 2)).toBe(8); // never below 8 px
  });
  it('puts the mark in the chosen corner, inside the margin', () => {
    const image = { width: 1000, height: 500 };
    const mark = { width: 200, height: 50 };
    expect(watermarkOffset(image, mark, 'top_left', 10)).toEqual({ left: 10, top: 10 });
    expect(watermarkOffset(image, mark, 'top_right', 10)).toEqual({ left: 790, top: 10 });
    expect(watermarkOffset(image, mark, 'bottom_left', 10)).toEqual({ left: 10, top: 440 });
    expect(watermarkOffset(image, mark, 'bottom_right', 10)).toEqual({ left: 790, top: 440 });
    expect(watermarkOffset(image, mark, 'center', 10)).toEqual({ left: 400, top: 225 });
    expect(watermarkOffset({ width: 100, height: 20 }, mark, 'bottom_right', 10)).toEqual({ left: 0, top: 0 });
  });
});
