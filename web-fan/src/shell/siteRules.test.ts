import { describe, expect, it } from 'vitest';
import { blocksContextMenu, isDemoHost, queryRedirect } from './siteRules';

describe('fan shell site rules', () => {
  it('?offers and ?feed redirect to / (D3 §2.3); other queries stay', () => {
    expect(queryRedirect('/', '?offers')).toBe('/');
    expect(queryRedirect('/membership', '?feed=1')).toBe('/');
    expect(queryRedirect('/', '?utm_source=x&offers')).toBe('/');
    expect(queryRedirect('/', '?utm_source=x')).toBeNull();
    expect(queryRedirect('/', '')).toBeNull();
    expect(queryRedirect('/', '?offer')).toBeNull();
  });
  it('the context menu is off except on demo hosts and in text fields (D3 §9)', () => {
    expect(isDemoHost('demo.example.com')).toBe(true);
    expect(isDemoHost('creator-demo.example.com')).toBe(true);
    expect(isDemoHost('demonstration.example.com')).toBe(false);
    expect(isDemoHost('example.com')).toBe(false);
    expect(isDemoHost('127.0.0.1')).toBe(false);
    expect(blocksContextMenu('fans.example.com', { tagName: 'IMG' })).toBe(true);
    expect(blocksContextMenu('fans.example.com', null)).toBe(true);
    expect(blocksContextMenu('fans.example.com', { tagName: 'textarea' })).toBe(false);
    expect(blocksContextMenu('fans.example.com', { tagName: 'DIV', isContentEditable: true })).toBe(false);
    expect(blocksContextMenu('demo.example.com', { tagName: 'IMG' })).toBe(false);
  });
});
