import { describe, expect, it } from 'vitest';
import { diskLevel, formatBytes, formatUptime, overallLevel, projectionLevel, PROJECTION_LAG_WARN } from './health';

describe('health levels', () => {
  it('warns when a projection falls behind, is down when the runner stopped', () => {
    expect(projectionLevel(0, false)).toBe('ok');
    expect(projectionLevel(PROJECTION_LAG_WARN + 1, false)).toBe('warn');
    expect(projectionLevel(0, true)).toBe('down');
  });
  it('disk: under 10 % free warns, under 2 % is down; the page level is the worst, off counts as fine', () => {
    expect(diskLevel(50, 100)).toBe('ok');
    expect(diskLevel(5, 100)).toBe('warn');
    expect(diskLevel(1, 100)).toBe('down');
    expect(overallLevel(['ok', 'off', 'ok'])).toBe('ok');
    expect(overallLevel(['ok', 'warn', 'off'])).toBe('warn');
    expect(overallLevel(['warn', 'down'])).toBe('down');
  });
  it('formats bytes and uptime for people', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(20 * 1024 ** 3)).toBe('20 GB');
    expect(formatUptime(42)).toBe('42 s');
    expect(formatUptime(3 * 3600 + 300)).toBe('3 h 5 min');
    expect(formatUptime(2 * 86400 + 4 * 3600)).toBe('2 d 4 h');
  });
});
