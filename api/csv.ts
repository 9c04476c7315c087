// CSV exports of the console's lists: an export lets in the roles of the list it exports
// (domain/access/routes.ts, `GET /admin-api/<resource>/export`), takes the list's filters, and is recorded as a
// DataExported event before the file goes out (no export without its audit record).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordExport } from '../commands/staff';
import type { ListParams } from '../projections/console-lists';
import { csvCell, type CsvColumn } from '../domain/shared/csv';
import { contextFor } from './auth';
import { settle } from './views';
import type { Services } from './services';

/** Every row of the list (the list's own page size does not apply to an export). */
export const EXPORT_RANGE: ListParams['range'] = [0, 99_999];

// Columns are pure (domain/ builds some: domain/reporting/exports.ts); the routes take them from here as before.
export { centsToDecimal, type CsvColumn } from '../domain/shared/csv';

/** Columns that are the record's own fields, named as in the record. */
export const fieldColumns = <T>(fields: readonly (keyof T & string)[]): CsvColumn<T>[] => fields.map((f) => ({ header: f, value: (row) => row[f] }));

export const toCsv = <T>(columns: readonly CsvColumn<T>[], rows: readonly T[]) =>
  `${[columns.map((c) => c.header).join(','), ...rows.map((r) => columns.map((c) => csvCell(c.value(r))).join(','))].join('\n')}\n`;

/** Records the export (resource, filter, row count), then answers with the file `fanclub-<resource>-<date>.csv`. */
export async function sendExport<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  resource: string,
  filter: Record<string, unknown>,
  rows: readonly T[],
  columns: readonly CsvColumn<T>[],
) {
  const ctx = contextFor(request, services);
  await recordExport(ctx, resource, filter, rows.length);
  await settle(services, ctx);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="fanclub-${resource}-${services.clock().toISOString().slice(0, 10)}.csv"`)
    .send(toCsv(columns, rows));
}
