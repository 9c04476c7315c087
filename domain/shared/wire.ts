// Wire types shared by the server (api/) and both apps (web-fan/, web-admin/).
// Field names follow the spec's API (snake_case and _id where the spec uses them). Money on the wire is
// dollars (`amount`, as the spec's calls send it) next to integer cents (`amount_cents`) for exactness.
//
// Every JSON answer of /api is an envelope: { success: 1, message?: string, data: T, position?: string }
// or, on failure, { success: 0, message: string, code: string, field?: string } with a 4xx status.
// `position` is the event-log position a command wrote; pass it back as `?wait_for=<position>` on a
// query to read your own write (the query waits, bounded, until the read models have reached it).
// State-changing requests may send an `Idempotency-Key` header: a retry with the same key returns the
// first answer and never applies twice.
// Auth: `Authorization: <token>` (the raw token, as the spec's site sends it; "Bearer <token>" also works).

export type Role =
  | 'user'
  | 'admin'
  | 'super_admin'
  | 'sub_admin'
  | 'model'
  | 'content_manager'
  | 'live_stream_manager'
  | 'support'
  | 'proxy_user';

export const STAFF_ROLES: readonly Role[] = [
  'admin',
  'super_admin',
  'sub_admin',
  'model',
  'content_manager',
  'live_stream_manager',
  'support',
];

/** Staff roles see everything of a post: admins are never asked to unlock. */
export const isStaffRole = (role: Role | null | undefined): boolean =>
  !!role && role !== 'user' && role !== 'proxy_user';

/** '0' none, '1' and '2' subscribed. */
export type SubscriptionStatusCode = '0' | '1' | '2';

export interface ApiOk<T> {
  success: 1;
  message?: string;
  data: T;
  position?: string;
}

export interface ApiError {
  success: 0;
  message: string;
  code: string;
  field?: string;
}

// ---------------------------------------------------------------------------------------------------
// Staff console REST surface: /admin-api/<resource>, in the ra-data-simple-rest conventions:
//   GET    /admin-api/<res>?sort=["field","ASC"]&range=[0,24]&filter={"q":"..."}  → T[] + Content-Range: <res> 0-24/319
//   GET    /admin-api/<res>/<id> → T          POST /admin-api/<res> → T (created)
//   PUT    /admin-api/<res>/<id> → T          DELETE /admin-api/<res>/<id> → T
// Errors: { message, code, field? } with a 4xx status (react-admin shows `message`).
// Money in the console is integer cents (`*_cents`); the console formats it.
