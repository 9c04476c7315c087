// A fan's purchased contents in the console (/admin/purchased-contents/:userId; the row menu's "View Purchased",
// the chat header link): opened from the chat, for the roles that see chat earnings (domain/access/pages.ts).
import { lazy, Suspense } from 'react';
import { Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { CustomRoutes } from 'react-admin';
import { mayOpenPage } from '../access';

export const PURCHASED_CONTENTS_PAGE = '/admin/purchased-contents/:userId';
/** The console path of a fan's purchased contents (for links from the chat list and header). */
export const purchasedContentsPath = (userId: string) => `/purchased-contents/${encodeURIComponent(userId)}`;

const Page = lazy(async () => ({ default: (await import('./PurchasedContentsPage')).PurchasedContentsPage }));

export function purchasedContentsRoutes(permissions: unknown) {
  if (!mayOpenPage(permissions, PURCHASED_CONTENTS_PAGE)) return null;
  return (
    <CustomRoutes key="purchased-contents">
      <Route
        path="/purchased-contents/:userId"
        element={
          <Suspense fallback={<Loading />}>
            <Page />
          </Suspense>
        }
      />
    </CustomRoutes>
  );
}
