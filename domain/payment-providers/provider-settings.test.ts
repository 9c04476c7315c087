import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import {
  checkProviderSecret, paymentProviderSettingsDecider, providerSettingsView, unsealedProviderSettings, withoutSecrets,
  type PaymentProviderSettingsCommand, type PaymentProviderSettingsEvent, type SecretChange,
} from './provider-settings';

const ccbill = { clientAccnum: '951234', clientSubacc: '0000', flexId: '01234567-89ab-cdef-0123-456789abcdef', liveMode: false };
const saveCcbill = (fields: Record<string, string | boolean> = ccbill, salt: SecretChange = { sealed: 'v1.iv.salt' }): PaymentProviderSettingsCommand => ({
  type: 'SavePaymentProviderSettings', provider: 'ccbill', fields, secrets: { salt }, generated: {},
});
const savedCcbill = (sealed: Record<string, string | null> = { salt: 'v1.iv.salt' }, fields = ccbill): PaymentProviderSettingsEvent => ({
  type: 'PaymentProviderSettingsSaved', data: { provider: 'ccbill', fields, sealed },
});
const sticky = { appKey: 'myclub', apiUsername: 'api-user', campaignId: '1', shippingId: '2', offerId: '3', productId: '4', billingModelId: '5' };

describe('payment provider settings', () => {
  it('records the non-secret settings in clear and the secret only sealed', () => {
    const s = given(paymentProviderSettingsDecider).when(saveCcbill()).then([savedCcbill()]);
    expect(s.providers.ccbill).toEqual({ fields: ccbill, sealed: { salt: 'v1.iv.salt' } });
  });

  it('keeps the subaccount\'s leading zeros (a string, never a number)', () => {
    const s = given(paymentProviderSettingsDecider).when(saveCcbill({ ...ccbill, clientSubacc: '0042' })).then([savedCcbill(undefined, { ...ccbill, clientSubacc: '0042' })]);
    expect(providerSettingsView('ccbill', s.providers.ccbill ?? null).clientSubacc).toBe('0042');
  });

  it('keeps a stored secret when the save carries none, writes nothing when nothing changed, and carries a new sealed secret only', () => {
    given(paymentProviderSettingsDecider, [savedCcbill()]).when(saveCcbill(ccbill, { keep: true })).then([]);
    const s = given(paymentProviderSettingsDecider, [savedCcbill()]).when(saveCcbill({ ...ccbill, liveMode: true }, { keep: true })).then([savedCcbill({}, { ...ccbill, liveMode: true })]);
    expect(s.providers.ccbill?.sealed.salt).toBe('v1.iv.salt');
    given(paymentProviderSettingsDecider, [savedCcbill()]).when(saveCcbill(ccbill, { sealed: 'v1.iv2.salt2' })).then([savedCcbill({ salt: 'v1.iv2.salt2' })]);
  });

  it('refuses a save without a required secret, naming it', () => {
    const e = given(paymentProviderSettingsDecider).when(saveCcbill(ccbill, { keep: true })).thenThrows('salt is required.', { code: 'VALIDATION' });
    expect(e.details).toEqual({ field: 'salt' });
    given(paymentProviderSettingsDecider, [savedCcbill()]).when(saveCcbill(ccbill, { clear: true })).thenThrows('salt is required.');
  });

  it('names the field of a bad value, control characters included', () => {
    const cases: [Record<string, string | boolean>, string][] = [
      [{ clientAccnum: '12345' }, 'clientAccnum'], [{ clientAccnum: '1234567' }, 'clientAccnum'], [{ clientSubacc: '1' }, 'clientSubacc'],
      [{ flexId: 'not-a-uuid' }, 'flexId'], [{ clientAccnum: '' }, 'clientAccnum'], [{ flexId: '01234567-89ab-cdef-0123-456789abcdef\n' }, 'flexId'],
      [{ liveMode: 'yes' }, 'liveMode'],
    ];
    for (const [patch, field] of cases) {
      const e = given(paymentProviderSettingsDecider).when(saveCcbill({ ...ccbill, ...patch })).thenThrows(/./);
      expect(e.details, JSON.stringify(patch)).toEqual({ field });
      expect(e.message).toContain(field);
    }
  });

  it('checks a plaintext secret before it is sealed: the CCBill salt is up to 32 letters and digits', () => {
    expect(() => checkProviderSecret('ccbill', 'salt', 'abcDEF123')).not.toThrow();
    expect(() => checkProviderSecret('ccbill', 'salt', 'a'.repeat(33))).toThrow('salt must be up to 32 letters and digits.');
    expect(() => checkProviderSecret('ccbill', 'salt', 'has space')).toThrow('salt must be up to 32 letters and digits.');
    expect(() => checkProviderSecret('forumpay', 'apiSecret', 'line\nbreak')).toThrow('apiSecret cannot contain line breaks');
  });

  it('Sticky.io: the account name is a host label, the ids are numbers, and the postback secret is made up when none is given', () => {
    const save = (fields: Record<string, string>, postback: { keep: true } | { sealed: string } = { keep: true }): PaymentProviderSettingsCommand => ({
      type: 'SavePaymentProviderSettings', provider: 'sticky-io', fields, secrets: { apiPassword: { sealed: 'v1.p.w' }, postbackSecret: postback }, generated: { postbackSecret: 'v1.gen.token' },
    });
    const s = given(paymentProviderSettingsDecider).when(save(sticky)).then([
      { type: 'PaymentProviderSettingsSaved', data: { provider: 'sticky-io', fields: sticky, sealed: { apiPassword: 'v1.p.w', postbackSecret: 'v1.gen.token' } } },
    ]);
    // A later save keeps the stored one rather than making another.
    given(paymentProviderSettingsDecider, [{ type: 'PaymentProviderSettingsSaved', data: { provider: 'sticky-io', fields: sticky, sealed: s.providers['sticky-io']!.sealed } }])
      .when({ ...save(sticky), secrets: { apiPassword: { keep: true }, postbackSecret: { keep: true } } } as PaymentProviderSettingsCommand)
      .then([]);
    expect(given(paymentProviderSettingsDecider).when(save({ ...sticky, appKey: 'my club.io' })).thenThrows(/./).details).toEqual({ field: 'appKey' });
    expect(given(paymentProviderSettingsDecider).when(save({ ...sticky, offerId: '12a' })).thenThrows('offerId must be a number from your Sticky.io account.').details).toEqual({ field: 'offerId' });
  });

  it('ForumPay: the POS ID allows letters, digits, dots, hyphens and underscores; live mode defaults to off', () => {
    const save = (posId: string): PaymentProviderSettingsCommand => ({
      type: 'SavePaymentProviderSettings', provider: 'forumpay', fields: { apiUser: 'user', posId }, secrets: { apiSecret: { sealed: 'v1.s.s' } }, generated: {},
    });
    const s = given(paymentProviderSettingsDecider).when(save('shop_1.main-pos')).then([
      { type: 'PaymentProviderSettingsSaved', data: { provider: 'forumpay', fields: { apiUser: 'user', posId: 'shop_1.main-pos', enable_forumpay_payment_live_mode: false }, sealed: { apiSecret: 'v1.s.s' } } },
    ]);
    expect(providerSettingsView('forumpay', s.providers.forumpay ?? null)).toEqual({
      provider: 'forumpay', configured: true, updated_at: null, apiUser: 'user', apiSecret: 'set', posId: 'shop_1.main-pos', enable_forumpay_payment_live_mode: false,
    });
    given(paymentProviderSettingsDecider).when(save('shop/1')).thenThrows('posId may contain only letters, digits, dots, hyphens and underscores.');
  });

  it('clears one provider and leaves the others; clearing nothing is refused', () => {
    const forum: PaymentProviderSettingsEvent = { type: 'PaymentProviderSettingsSaved', data: { provider: 'forumpay', fields: { apiUser: 'u', posId: 'p', enable_forumpay_payment_live_mode: true }, sealed: { apiSecret: 'v1.a.b' } } };
    const s = given(paymentProviderSettingsDecider, [savedCcbill(), forum]).when({ type: 'ClearPaymentProviderSettings', provider: 'ccbill' }).then([{ type: 'PaymentProviderSettingsCleared', data: { provider: 'ccbill' } }]);
    expect(s.providers.ccbill).toBeUndefined();
    expect(s.providers.forumpay?.fields.apiUser).toBe('u');
    given(paymentProviderSettingsDecider).when({ type: 'ClearPaymentProviderSettings', provider: 'sticky-io' }).thenThrows('No Sticky.io settings are saved.', { status: 404 });
  });

  it('the view says only whether a secret is set; the adapter\'s settings have it opened', () => {
    const view = providerSettingsView('ccbill', { fields: ccbill, sealed: { salt: 'v1.iv.salt' } }, '2026-01-02T03:04:05.000Z');
    expect(view).toEqual({ provider: 'ccbill', configured: true, updated_at: '2026-01-02T03:04:05.000Z', ...ccbill, salt: 'set' });
    expect(providerSettingsView('ccbill', null)).toMatchObject({ configured: false, clientAccnum: '', salt: 'not set', liveMode: false });
    expect(unsealedProviderSettings('ccbill', { fields: ccbill, sealed: { salt: 'v1.iv.salt' } }, (s) => `open(${s})`)).toEqual({ ...ccbill, salt: 'open(v1.iv.salt)' });
  });

  it('blots saved secrets out of a provider\'s answer', () => {
    expect(withoutSecrets('Denied for user x with secret S3cretValue', ['S3cretValue', ''])).toBe('Denied for user x with secret ••••');
  });
});
