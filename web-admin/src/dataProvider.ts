import { fetchUtils, HttpError, type CreateParams, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import type { AdminDashboard } from '../../domain/payment/wire';
import type { AdminHome } from '../../domain/console/wire';
import type { AdminPostCreate, PostVisibility } from '../../domain/post/wire';
import { consoleHeaders, isOffline, SERVER_DOWN_MESSAGE } from './api';
import { uploadMedia, type PendingMedia } from './upload';

export const ADMIN_API = '/admin-api';

/** fetchJson as the console (its session cookie); errors carry the server's `message` (react-admin shows it). */
export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const headers = consoleHeaders((options.headers as HeadersInit | undefined) ?? undefined);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (error) {
    if (error instanceof HttpError) {
      const body = error.body as { message?: unknown } | undefined;
      const message =
        body && typeof body.message === 'string' && body.message
          ? body.message
          : error.status >= 500
            ? SERVER_DOWN_MESSAGE
            : error.message;
      throw new HttpError(message || 'Something went wrong', error.status, error.body);
    }
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new HttpError(
      isOffline()
        ? 'Seems you are offline. Please check your internet connection.'
        : 'The server could not be reached. Please try again.',
      0
    );
  }
};

/** A 400 naming a field ({ field, message }) as react-admin's server-side validation errors: the form shows the
 *  message under that input (a pessimistic save hands body.errors to the form). */
export function asFieldError(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.status !== 400) return error;
  const body = error.body as { field?: unknown } | undefined;
  if (!body || typeof body.field !== 'string' || !body.field) return error;
  return new HttpError(error.message, error.status, { ...body, errors: { [body.field]: error.message } });
}

/** Forms with an input for every field the server may name: its 400 shows under that input. */
const FIELD_ERROR_FORMS = new Set(['membership-tiers', 'subscription-bundles']);

/** The composer's form values (see posts/PostCreate.tsx). */
export interface PostFormValues {
  caption?: string;
  visibility: PostVisibility;
  amount?: number | string | null;
  media?: PendingMedia[];
}

export interface ConsoleDataProvider extends DataProvider {
  getDashboard(): Promise<AdminDashboard>;
  getHome(): Promise<AdminHome>;
}

const base = simpleRestProvider(ADMIN_API, httpClient);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export const dataProvider: ConsoleDataProvider = {
  ...base,

  getList(resource, params) {
    // A "To" date from a DateInput means the whole day: compare against its last millisecond.
    const filter = { ...(params.filter ?? {}) };
    for (const key of Object.keys(filter)) {
      if (key.endsWith('_lte') && typeof filter[key] === 'string' && DATE_ONLY.test(filter[key])) {
        filter[key] = `${filter[key]}T23:59:59.999Z`;
      }
    }
    return base.getList(resource, { ...params, filter });
  },

  async update(resource, params) {
    // The version the editor loaded goes back as If-Match: when someone else saved in between, the server
    // answers 412 with a message react-admin shows, and nothing is overwritten.
    const previous = (params.previousData ?? {}) as Record<string, unknown>;
    const headers = new Headers();
    if (typeof previous.version === 'number') headers.set('If-Match', `"${previous.version}"`);
    const url = `${ADMIN_API}/${resource}/${encodeURIComponent(String(params.id))}`;
    if (resource !== 'settings') {
      const { json } = await httpClient(url, { method: 'PUT', headers, body: JSON.stringify(params.data) }).catch(error => {
        throw FIELD_ERROR_FORMS.has(resource) ? asFieldError(error) : error;
      });
      return { data: json };
    }
    // PUT /admin-api/settings/site takes the changed settings only and answers with all of them.
    const changes: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(params.data ?? {})) {
      if (key === 'id' || key === 'version') continue;
      if (JSON.stringify(previous[key]) !== JSON.stringify(value)) changes[key] = value;
    }
    const { json } = await httpClient(url, { method: 'PUT', headers, body: JSON.stringify(changes) }).catch(error => {
      throw asFieldError(error);
    });
    return { data: { ...previous, ...(json ?? {}), id: params.id } as typeof params.previousData };
  },

  async create(resource: string, params: CreateParams) {
    if (resource !== 'posts')
      return base.create(resource, params).catch(error => {
        throw FIELD_ERROR_FORMS.has(resource) ? asFieldError(error) : error;
      });
    const values = params.data as PostFormValues;
    const media_ids = await uploadMedia(values.media ?? []);
    const body: AdminPostCreate = {
      caption: (values.caption ?? '').trim(),
      visibility: values.visibility,
      media_ids,
    };
    if (values.visibility === 'locked') body.amount = Number(values.amount);
    const { json } = await httpClient(`${ADMIN_API}/posts`, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    return { data: json };
  },

  async getDashboard() {
    const { json } = await httpClient(`${ADMIN_API}/dashboard`);
    return json as AdminDashboard;
  },
  async getHome() {
    const { json } = await httpClient(`${ADMIN_API}/home`);
    return json as AdminHome;
  },
};
