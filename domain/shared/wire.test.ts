import { describe, expect, it } from 'vitest';
import { isStaffRole, type Role } from './wire';

describe('isStaffRole', () => {
  it.each(['admin', 'super_admin', 'sub_admin', 'model', 'content_manager', 'live_stream_manager', 'support'] as Role[])('%s is staff', (r) => {
    expect(isStaffRole(r)).toBe(true);
  });
  it.each(['user', 'proxy_user', null, undefined] as const)('%s is not staff', (r) => {
    expect(isStaffRole(r)).toBe(false);
  });
});
