import { describe, expect, it } from 'vitest';
import { alertText, shouldAlert } from './alertRules';

describe('chat alerts', () => {
  const fanMessage = { fanId: 'f1', fromAdmin: false, message: 'Hi there', type: 'text', name: 'Ann' };
  it('a fan message while the tab is hidden or another chat is open; never the staff’s own; never while off', () => {
    expect(shouldAlert(fanMessage, { enabled: true, hidden: true, openFanId: 'f1' })).toBe(true);
    expect(shouldAlert(fanMessage, { enabled: true, hidden: false, openFanId: 'f2' })).toBe(true);
    expect(shouldAlert(fanMessage, { enabled: true, hidden: false, openFanId: null })).toBe(true);
    expect(shouldAlert(fanMessage, { enabled: true, hidden: false, openFanId: 'f1' })).toBe(false);
    expect(shouldAlert({ ...fanMessage, fromAdmin: true }, { enabled: true, hidden: true, openFanId: null })).toBe(false);
    expect(shouldAlert({ fanId: 'f1' }, { enabled: true, hidden: true, openFanId: null })).toBe(false);
    expect(shouldAlert(fanMessage, { enabled: false, hidden: true, openFanId: null })).toBe(false);
  });
  it('names the fan and shows the text or what the message carries', () => {
    expect(alertText(fanMessage)).toEqual({ title: 'New message from Ann', body: 'Hi there' });
    expect(alertText({ fromAdmin: false, type: 'photo', message: '' })).toEqual({ title: 'New message from a fan', body: 'Photo' });
    expect(alertText({ message: 'x'.repeat(200) }).body).toHaveLength(120);
  });
});
