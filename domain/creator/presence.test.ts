import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { creatorPresenceDecider, presenceLine, type CreatorPresenceEvent } from './presence';

const rec = (online: boolean, at: string): CreatorPresenceEvent => ({ type: 'CreatorPresenceRecorded', data: { online, at } });
const cmd = (online: boolean, at: string) => ({ type: 'RecordCreatorPresence' as const, online, at });
const t = (min: number) => new Date(Date.UTC(2026, 10, 30, 10, 0) + min * 60_000).toISOString();

describe('the creator presence', () => {
  it('records coming online and going offline, once each', () => {
    given(creatorPresenceDecider).when(cmd(true, t(0))).then([rec(true, t(0))]);
    given(creatorPresenceDecider, [rec(true, t(0))]).when(cmd(true, t(1))).then([]);
    given(creatorPresenceDecider, [rec(true, t(0))]).when(cmd(false, t(2))).then([rec(false, t(2))]);
    given(creatorPresenceDecider, [rec(true, t(0)), rec(false, t(2))]).when(cmd(false, t(3))).then([]);
  });

  it('while online, records again once five minutes have passed (the last-seen time after a crash)', () => {
    given(creatorPresenceDecider, [rec(true, t(0))]).when(cmd(true, t(4))).then([]);
    given(creatorPresenceDecider, [rec(true, t(0))]).when(cmd(true, t(5))).then([rec(true, t(5))]);
  });

  it('a start-up closes a presence left open at its last record; a closed one stays as it is', () => {
    given(creatorPresenceDecider, [rec(true, t(0)), rec(true, t(5))]).when({ type: 'CloseCreatorPresence' }).then([rec(false, t(5))]);
    given(creatorPresenceDecider, [rec(true, t(0)), rec(false, t(7))]).when({ type: 'CloseCreatorPresence' }).then([]);
    given(creatorPresenceDecider).when({ type: 'CloseCreatorPresence' }).then([]);
  });

  it('a clock that went back never moves the last-seen time backwards', () => {
    given(creatorPresenceDecider, [rec(true, t(10))]).when(cmd(false, t(3))).then([rec(false, t(10))]);
    given(creatorPresenceDecider, [rec(true, t(10))]).when(cmd(true, t(3))).then([]);
  });
});

describe('what a fan reads on the avatar', () => {
  const now = Date.parse(t(0));
  const seen = (minAgo: number) => ({ online: false, lastSeenAt: new Date(now - minAgo * 60_000).toISOString() });

  it('online, then minutes, hours and days ago', () => {
    expect(presenceLine({ online: true, lastSeenAt: null }, now)).toBe('Online now');
    expect(presenceLine(seen(0.5), now)).toBe('Active just now');
    expect(presenceLine(seen(1), now)).toBe('Active 1 min ago');
    expect(presenceLine(seen(5), now)).toBe('Active 5 min ago');
    expect(presenceLine(seen(59.9), now)).toBe('Active 59 min ago');
    expect(presenceLine(seen(60), now)).toBe('Active 1 h ago');
    expect(presenceLine(seen(23 * 60 + 59), now)).toBe('Active 23 h ago');
    expect(presenceLine(seen(24 * 60), now)).toBe('Active 1 day ago');
    expect(presenceLine(seen(3 * 24 * 60), now)).toBe('Active 3 days ago');
  });

  it('nothing when hidden, never seen or more than a month ago; a time in the future reads as just now', () => {
    expect(presenceLine(null, now)).toBeNull();
    expect(presenceLine({ online: false, lastSeenAt: null }, now)).toBeNull();
    expect(presenceLine(seen(31 * 24 * 60), now)).toBeNull();
    expect(presenceLine(seen(-3), now)).toBe('Active just now');
    expect(presenceLine({ online: false, lastSeenAt: 'not a date' }, now)).toBeNull();
  });
});
