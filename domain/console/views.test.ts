import { describe, expect, it } from 'vitest';
import { adminEventRecord, adminUserRecord } from './views';

describe('console views', () => {
  it('reads a total spent that arrives as text as a number', () => {
    expect(adminUserRecord({ id: 'u', total_spent_cents: '1250' }).total_spent_cents).toBe(1250);
  });

  it('keeps only the event record fields', () => {
    const row = { id: 'e', position: '1', stream_id: 's', revision: 0, type: 'T', data: {}, metadata: {}, recorded_at: 'now', extra: 1 };
    expect(adminEventRecord(row)).toEqual({ id: 'e', position: '1', stream_id: 's', revision: 0, type: 'T', data: {}, metadata: {}, recorded_at: 'now' });
  });
});
