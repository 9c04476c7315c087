/** The profile page's address in the page table (domain/access/pages.ts), apart from the page so the menu need not load it. */
export const PROFILE_PAGE = '/admin/profile';
