import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import LinearProgress from '@mui/material/LinearProgress';

/**
 * A console page loaded on its first visit (its own chunk) instead of with the console: the first load carries
 * only the layout, the menu and the login page. While the chunk loads, a progress bar stands where the page goes.
 */
export function lazyPage(load: () => Promise<ComponentType>): () => ReactElement {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage() {
    return (
      <Suspense fallback={<LinearProgress aria-label="Loading page" sx={{ m: 2 }} />}>
        <Page />
      </Suspense>
    );
  };
}
