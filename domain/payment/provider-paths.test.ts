import { describe, expect, it } from 'vitest';
import { API_ACCESS } from '../access/routes';
import { BOT_CHECK_ROUTES } from '../site-config/bot-check';
import { CARD_CALL_PATHS, isCardCall, PATH_SETS, PAYMENT_ACTIONS, pathSetOf, paymentPath, providerPathRefusal, type ProviderState } from './provider-paths';

const ready: ProviderState = { stickyIoSwitchedOn: false, stickyIoSettingsSaved: false, ccbillRestSwitchedOn: true, ccbillSettingsSaved: true };

describe('the path set the fan site calls', () => {
  it('is Sticky.io when it bills the cards, CCBill on the v1 payment API, v2 otherwise', () => {
    expect(pathSetOf({ payment_api_version: 'v2' })).toBe('v2');
    expect(pathSetOf({ payment_api_version: 'v1', is_sticky_io_enabled: false })).toBe('ccbill');
    expect(pathSetOf({ payment_api_version: 'v1', is_sticky_io_enabled: true })).toBe('sticky-io');
    expect(pathSetOf({ payment_api_version: 'v2', is_sticky_io_enabled: true })).toBe('sticky-io');
  });

  it('maps every action of every set to a served route', () => {
    for (const set of PATH_SETS) for (const action of PAYMENT_ACTIONS) for (const saved of [false, true]) {
      expect(API_ACCESS[`POST ${paymentPath(set, action, saved)}`], `${set} ${action}`).toBeDefined();
    }
  });

  it('gives each set its own calls where it has them', () => {
    expect(paymentPath('ccbill', 'subscribe')).toBe('/api/ccbill/subscribe-with-card');
    expect(paymentPath('ccbill', 'unlock')).toBe('/api/ccbill/pay');
    expect(paymentPath('ccbill', 'unlock', true)).toBe('/api/ccbill/blog_charge_by_previous');
    expect(paymentPath('ccbill', 'tip', true)).toBe('/api/ccbill/charge_by_previous');
    expect(paymentPath('ccbill', 'tip')).toBe('/api/v2/purchase/send-tip');
    expect(paymentPath('sticky-io', 'chat_tip')).toBe('/api/sticky-io/send-tip-from-chat');
    expect(paymentPath('sticky-io', 'unlock', true)).toBe('/api/sticky-io/blog-content-purchase');
    expect(paymentPath('v2', 'unlock', true)).toBe('/api/v2/purchase/blog-content-purchase');
  });

  it('puts the bot check on every subscribe and add-card call of every set', () => {
    for (const set of PATH_SETS) {
      for (const action of ['subscribe', 'resubscribe', 'migrate'] as const) expect(BOT_CHECK_ROUTES[`POST ${paymentPath(set, action)}`], `${set} ${action}`).toBe('subscription');
      expect(BOT_CHECK_ROUTES[`POST ${paymentPath(set, 'add_card')}`]).toBe('add_card');
    }
  });

  it('knows the card calls (not the cancellation, not other calls)', () => {
    expect(isCardCall('/api/ccbill/pay')).toBe(true);
    expect(isCardCall('/api/sticky-io/send-tip?x=1')).toBe(true);
    expect(isCardCall('/api/v2/purchase/add-new-card')).toBe(true);
    expect(isCardCall('/api/sticky-io/cancel-subscription')).toBe(false);
    expect(isCardCall('/api/users/me')).toBe(false);
    expect(CARD_CALL_PATHS.has('/api/v2/purchase/subscription-with-card')).toBe(true);
  });
});

describe("a provider's own calls", () => {
  it('Sticky.io: only while it is switched on and its settings are saved', () => {
    expect(providerPathRefusal('sticky-io', ready)).toMatch(/Sticky.io does not bill cards on this site: switch on 'Charge cards through Sticky.io'/);
    expect(providerPathRefusal('sticky-io', { ...ready, stickyIoSwitchedOn: true })).toMatch(/Sticky.io's settings are not saved/);
    expect(providerPathRefusal('sticky-io', { ...ready, stickyIoSwitchedOn: true, stickyIoSettingsSaved: true })).toBeNull();
  });

  it('CCBill: not while Sticky.io bills the cards, nor with its REST API on but unsaved; the sandbox serves a site with no provider on', () => {
    expect(providerPathRefusal('ccbill', ready)).toBeNull();
    expect(providerPathRefusal('ccbill', { ...ready, stickyIoSwitchedOn: true, stickyIoSettingsSaved: true })).toMatch(/charged through Sticky.io/);
    expect(providerPathRefusal('ccbill', { ...ready, stickyIoSwitchedOn: true })).toBeNull();
    expect(providerPathRefusal('ccbill', { ...ready, ccbillSettingsSaved: false })).toMatch(/CCBill's settings are not saved/);
    expect(providerPathRefusal('ccbill', { ...ready, ccbillRestSwitchedOn: false, ccbillSettingsSaved: false })).toBeNull();
  });
});
