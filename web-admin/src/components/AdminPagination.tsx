// The console's list page size: every paged list opens with 20
// rows, like the spec's list calls (e.g. POST /api/users/get_users_list), and offers bigger pages.
import { Pagination } from 'react-admin';

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_PAGE_SIZES = [10, 20, 50, 100];

export function AdminPagination() {
  return <Pagination rowsPerPageOptions={ADMIN_PAGE_SIZES} />;
}
