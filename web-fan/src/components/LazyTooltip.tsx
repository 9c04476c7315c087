// MUI's Tooltip, loaded after the shell rather than with it: the tooltip and its positioning library (Popper) are
// only needed once a visitor hovers or focuses an icon, and the shell's icons (chat, notifications, social links)
// would otherwise put them in every first visit. Until the chunk arrives the icon is shown as the closed tooltip
// shows it: named by the tooltip's title (aria-label), without the popup.
import { Children, cloneElement, isValidElement, lazy, Suspense, type ReactElement } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';

const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** A closed tooltip's child: a string title becomes its accessible name, as MUI's Tooltip sets it. */
function closedTooltipChild({ title, children, describeChild }: TooltipProps): ReactElement {
  const child = Children.only(children);
  if (!isValidElement<{ 'aria-label'?: string; title?: string }>(child) || typeof title !== 'string') return child;
  return cloneElement(child, describeChild ? { title } : { 'aria-label': title });
}

export default function LazyTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={closedTooltipChild(props)}>
      <Tooltip {...props} />
    </Suspense>
  );
}
