/** The setup wizard's address in the page table (domain/access/pages.ts), apart from the page so Home need not load it. */
export const SETUP_PAGE = '/admin/setup';
export const SETUP_PATH = '/setup';
/** The route that records the wizard's outcome: whoever may call it runs the setup (the admins). */
export const SETUP_COMPLETE_ROUTE = 'POST /admin-api/setup/complete';
