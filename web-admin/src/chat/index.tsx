// Private chat in the console (spec 3 §2.1): loaded on first visit so the console's first chunk stays small.
import { lazy, Suspense } from 'react';
import { Loading } from 'react-admin';

export { CHAT_CONSOLE_PAGES, CHAT_PAGE } from './paths';

const Page = lazy(async () => ({ default: (await import('./ChatPage')).ChatPage }));

export function ChatPage() {
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}
