import { describe, expect, it } from 'vitest';
import { changeVsYesterday, homeWarnings, type HomeFacts } from './home';

const fine: HomeFacts = { mail_configured: true, mail_failed_24h: 0, mail_sent_24h: 4, live_enabled: true, avatar_set: true, sandbox_payments: false };
const ids = (f: Partial<HomeFacts>) => homeWarnings({ ...fine, ...f }).map(w => w.id);

describe('Home warnings', () => {
  it('none when everything is set up', () => expect(homeWarnings(fine)).toEqual([]));

  it('mail: no server, or more failures than deliveries in the last day', () => {
    expect(homeWarnings({ ...fine, mail_configured: false })[0]).toMatchObject({ id: 'mail', title: 'Mail is not being sent', fix: 'open-mail-settings' });
    expect(ids({ mail_failed_24h: 3, mail_sent_24h: 1 })).toEqual(['mail']);
    expect(homeWarnings({ ...fine, mail_failed_24h: 1, mail_sent_24h: 0 })[0].text).toContain('1 mail could not');
    expect(ids({ mail_failed_24h: 1, mail_sent_24h: 5 })).toEqual([]);
  });

  it('live off, sandbox payments and no avatar, each with its fix', () => {
    expect(homeWarnings({ ...fine, live_enabled: false, sandbox_payments: true, avatar_set: false }).map(w => [w.id, w.fix])).toEqual([
      ['live', 'turn-live-on'],
      ['payments', 'open-payment-settings'],
      ['avatar', 'open-profile'],
    ]);
  });
});

describe('today against yesterday', () => {
  it('in percent, none without a yesterday', () => {
    expect(changeVsYesterday(1500, 1000)).toBe('+50%');
    expect(changeVsYesterday(500, 1000)).toBe('-50%');
    expect(changeVsYesterday(1000, 1000)).toBe('0%');
    expect(changeVsYesterday(1000, 0)).toBeNull();
  });
});
