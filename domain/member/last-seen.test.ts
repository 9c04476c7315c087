import { describe, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { lastSeenDecider, type LastSeenEvent } from './last-seen';

const seen = (seenAt: string): LastSeenEvent => ({ type: 'FanLastSeen', data: { userId: 'fan', seenAt } });
const record = (at: string) => ({ type: 'RecordLastSeen' as const, userId: 'fan', at });

describe('last seen (XX-19)', () => {
  it('the first presence is recorded', () => {
    given(lastSeenDecider).when(record('2026-11-26T10:00:00.000Z')).then([seen('2026-11-26T10:00:00.000Z')]);
  });

  it('at most one event in five minutes: an open tab does not fill the log', () => {
    given(lastSeenDecider, [seen('2026-11-26T10:00:00.000Z')]).when(record('2026-11-26T10:04:59.000Z')).then([]);
    given(lastSeenDecider, [seen('2026-11-26T10:00:00.000Z')]).when(record('2026-11-26T10:05:00.000Z')).then([seen('2026-11-26T10:05:00.000Z')]);
  });

  it('a clock that went back records nothing', () => {
    given(lastSeenDecider, [seen('2026-11-26T10:00:00.000Z')]).when(record('2026-11-26T09:00:00.000Z')).then([]);
  });
});
