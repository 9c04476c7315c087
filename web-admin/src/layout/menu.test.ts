import { describe, expect, it } from 'vitest';
import { MENU_GROUPS, mayOpenPage, resourcesFor } from '../access';
import { SETTINGS_INDEX_PATHS } from '../settings-index/menu';
import { STAFF_ROLES } from '../../../domain/shared/wire';
import { MENU_PAGES, menuFor } from './menu';

const pathsIn = (role: string, group: string) => menuFor(role).filter(g => g.label === group).flatMap(g => g.sections.flatMap(s => s.entries.map(e => e.to)));

describe('the console menu', () => {
  it('lists every page and resource a role may open once, in its group (settings-index pages only under Settings are left out)', () => {
    for (const role of STAFF_ROLES) {
      for (const group of MENU_GROUPS) {
        const expected = [
          ...resourcesFor(role).filter(r => group.resources.includes(r)).map(r => `/${r}`),
          ...MENU_PAGES.filter(p => p.group === group.label && mayOpenPage(role, p.page) && !(group.label === 'Settings' && SETTINGS_INDEX_PATHS.has(p.to))).map(p => p.to),
        ];
        const shown = pathsIn(role, group.label);
        for (const path of expected) expect(shown.filter(p => p === path), `${role} ${group.label} ${path}`).toHaveLength(1);
      }
    }
  });

  it('groups Money in sub-groups, with Promotions and Coupons under Money', () => {
    const money = menuFor('admin').find(g => g.label === 'Money')!;
    expect(money.sections.map(s => [s.label, s.entries.map(e => e.to)])).toEqual([
      ['Payments & wallet', ['/transactions', '/sticky-io-transactions', '/crypto-payments', '/voids-refund-and-chargeback', '/user-card-list']],
      ['Memberships', ['/subscribers', '/membership-tiers', '/cancellation', '/generate-subscription-url']],
      ['Reports', ['/reporting', '/user-report', '/user-purchase-history', '/unlocked-content-user-list']],
      ['Promotions & coupons', ['/promotions', '/promotion-reports', '/coupon-reports']],
    ]);
    // A role that sees less gets only the sub-groups it has entries in.
    expect(menuFor('support').find(g => g.label === 'Money')!.sections.map(s => s.label)).toEqual(['Payments & wallet']);
    // The other groups have no sub-groups.
    expect(menuFor('admin').filter(g => g.label !== 'Money').every(g => g.sections.length === 1 && g.sections[0].label === null)).toBe(true);
  });
});
