// CSV exports come from the server (GET /admin-api/<resource>/export): it applies the list's rules and filters
// and records every export on the Audit page, which a file built in the browser could not.
import { consoleHeaders, SERVER_DOWN_MESSAGE } from '../api';
import { ADMIN_API } from '../dataProvider';

/** The route of a resource's export (a key of API_ACCESS). */
export const exportRoute = (resource: string) => `GET ${ADMIN_API}/${resource}/export`;

/**
 * Downloads the server's CSV with the console session, saved through a blob link. `filter` uses the simple-rest
 * convention (the list's filters, or { id: [...] } for a selection); `sort` is the list's order.
 */
export async function downloadCsv(resource: string, filter: Record<string, unknown>, sort?: { field: string; order: string }): Promise<void> {
  const query = new URLSearchParams({ filter: JSON.stringify(filter ?? {}) });
  if (sort?.field) query.set('sort', JSON.stringify([sort.field, sort.order === 'ASC' ? 'ASC' : 'DESC']));
  let response: Response;
  try {
    response = await fetch(`${ADMIN_API}/${resource}/export?${query}`, { headers: consoleHeaders({ Accept: 'text/csv' }) });
  } catch {
    throw new Error('The server could not be reached. Please try again.');
  }
  if (!response.ok) {
    let message = response.status >= 500 ? SERVER_DOWN_MESSAGE : 'Invalid Request';
    try {
      const body = await response.json();
      if (body && typeof body.message === 'string' && body.message) message = body.message;
    } catch {
      /* not JSON */
    }
    throw new Error(message);
  }
  const blob = await response.blob();
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  const fileName = named ? decodeURIComponent(named) : `${resource}-${new Date().toISOString().slice(0, 10)}.csv`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
