// Health levels of the console's health page: the thresholds at which a figure becomes a warning, so
// the page and its test agree on what "behind" or "full" means.
import type { HealthLevel } from './admin-tools-wire';

/** A projection more than this many events behind the log is a warning (a live runner keeps up within a batch). */
export const PROJECTION_LAG_WARN = 500;
/** Less free disk than this share is a warning; less than the second, down. */
export const DISK_FREE_WARN = 0.1;
export const DISK_FREE_DOWN = 0.02;

export const projectionLevel = (lag: number, runnerStopped: boolean): HealthLevel => (runnerStopped ? 'down' : lag > PROJECTION_LAG_WARN ? 'warn' : 'ok');

export function diskLevel(freeBytes: number, totalBytes: number): HealthLevel {
  if (totalBytes <= 0) return 'warn';
  const share = freeBytes / totalBytes;
  return share < DISK_FREE_DOWN ? 'down' : share < DISK_FREE_WARN ? 'warn' : 'ok';
}

/** Failed mail in the outbox is a warning (staff read it there); unsent with SMTP on too. */
export const outboxLevel = (failed: number): HealthLevel => (failed > 0 ? 'warn' : 'ok');

/** Media that failed rendering is a warning; a long queue too. */
export const mediaQueueLevel = (processing: number, failed: number): HealthLevel => (failed > 0 || processing > 100 ? 'warn' : 'ok');

/** The page's overall level: the worst of the checks ('off' counts as fine: not configured). */
export function overallLevel(levels: readonly HealthLevel[]): HealthLevel {
  if (levels.includes('down')) return 'down';
  if (levels.includes('warn')) return 'warn';
  return 'ok';
}

/** Bytes as the page shows them (1.5 GB). */
export function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v >= 10 || i === 0 ? Math.round(v) : v.toFixed(1)} ${units[i]}`;
}

/** Seconds as the page shows them (3 d 4 h, 2 h 5 min, 42 s). */
export function formatUptime(seconds: number): string {
  const s = Math.floor(seconds);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min ${s % 60} s`;
  return `${s} s`;
}
