// The Content Manager: the media library page, loaded on first visit so the console's first chunk
// stays small. The picker other screens open is ./MediaPickerDialog.tsx (imported lazily by its users).
import { lazy, Suspense } from 'react';
import { Loading } from 'react-admin';

export { CONSOLE_PAGES, CONTENT_MANAGER_PAGE } from './paths';

const Page = lazy(async () => ({ default: (await import('./ContentManagerPage')).ContentManagerPage }));

export function ContentManagerPage() {
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}
