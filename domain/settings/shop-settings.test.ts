import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS, downloadRulesOf, mergeShopSettings } from './shop-settings';

describe('shop settings', () => {
  it('the download rules default to 5 downloads within 30 days, each link 5 minutes, and settings saved before them read the same', () => {
    expect(downloadRulesOf(DEFAULT_SHOP_SETTINGS)).toEqual({ limit: 5, days: 30, linkMinutes: 5 });
    expect(downloadRulesOf({ enabled: true })).toEqual({ limit: 5, days: 30, linkMinutes: 5 });
    expect(downloadRulesOf(mergeShopSettings(DEFAULT_SHOP_SETTINGS, { download_limit: 100, download_days: 3650, download_link_minutes: 60 }))).toEqual({ limit: 100, days: 3650, linkMinutes: 60 });
  });

  it('refuses a download rule out of bounds or not whole, naming the field', () => {
    const refused = (change: Record<string, unknown>) => {
      try {
        mergeShopSettings(DEFAULT_SHOP_SETTINGS, change);
        return null;
      } catch (e) {
        return { field: (e as { field?: string }).field, message: (e as Error).message };
      }
    };
    expect(refused({ download_limit: 0 })).toEqual({ field: 'download_limit', message: 'download_limit must be a whole number of downloads from 1 to 100.' });
    expect(refused({ download_days: 3651 })?.field).toBe('download_days');
    expect(refused({ download_link_minutes: 2.5 })?.field).toBe('download_link_minutes');
    expect(refused({ download_link_minutes: 61 })?.message).toBe('download_link_minutes must be a whole number of minutes from 1 to 60.');
    expect(refused({ download_limit: 1, download_days: 1, download_link_minutes: 1 })).toBeNull();
  });
});
