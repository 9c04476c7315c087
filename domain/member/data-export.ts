// Data exports (stream `data-export-<id>`): every download of member data by staff is recorded before the file is
// sent, with what was asked for and how many rows went out. Who and when are the event's metadata (actor, role,
// IP, time), so each export shows on the console's Audit page like any other staff action.
import type { Decider, DomainEvent } from '../shared/decider';

export const dataExportStream = (exportId: string) => `data-export-${exportId}`;

export type DataExportEvent = DomainEvent<'DataExported', { exportId: string; resource: string; filter: Record<string, unknown>; rows: number; at: string }>;
export type DataExportCommand = { type: 'RecordExport'; exportId: string; resource: string; filter: Record<string, unknown>; rows: number; at: string };
export type DataExportState = { recorded: boolean };

export const dataExportDecider: Decider<DataExportCommand, DataExportEvent, DataExportState> = {
  initialState: () => ({ recorded: false }),
  evolve: () => ({ recorded: true }),
  decide: (c, state) =>
    state.recorded ? [] : [{ type: 'DataExported', data: { exportId: c.exportId, resource: c.resource, filter: c.filter, rows: c.rows, at: c.at } }],
};
