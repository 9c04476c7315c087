import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { dataExportDecider, dataExportStream } from './data-export';

describe('data export record', () => {
  const cmd = { type: 'RecordExport' as const, exportId: 'x1', resource: 'users', filter: { q: 'fan' }, rows: 12, at: '2026-01-01T00:00:00.000Z' };

  it('records what was exported and how many rows, once', () => {
    expect(dataExportStream('x1')).toBe('data-export-x1');
    const state = given(dataExportDecider).when(cmd).then([{ type: 'DataExported', data: { exportId: 'x1', resource: 'users', filter: { q: 'fan' }, rows: 12, at: cmd.at } }]);
    expect(state.recorded).toBe(true);
    given(dataExportDecider, [{ type: 'DataExported', data: { ...cmd } as never }]).when(cmd).then([]);
  });
});
