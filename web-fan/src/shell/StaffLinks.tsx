// Staff links in the fan site's navbar. The server chooses them for the role and
// the earnings and report settings (/api/users/me staff_links, domain/access/staff-links.ts); they lead to the console,
// another app, so they are plain links. One link is a button; several sit behind a "Console" menu on wide screens and
// in the account menu on phones (./StaffLinksMenus, loaded when a menu opens). Support's reduced navbar shows its
// Transactions link at every width.
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import { useReducedNavbar, useStaffLinks } from './staffLinkHooks';

const StaffLinksMenu = lazy(() => import('./StaffLinksMenus').then((m) => ({ default: m.StaffLinksMenu })));

const buttonSx = { color: 'text.secondary', borderRadius: 2, whiteSpace: 'nowrap' as const };

/** In the top bar: a single link as a button, several behind "Console" (sm and up; support's link everywhere). */
export function StaffLinksNav() {
  const links = useStaffLinks();
  const reduced = useReducedNavbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu loads on the first click and stays mounted, so it closes with its transition.
  const [opened, setOpened] = useState(false);
  if (!links.length) return null;
  if (links.length === 1) {
    const l = links[0]!;
    return (
      <Button component="a" href={l.href} color="inherit" sx={{ ...buttonSx, display: reduced ? 'inline-flex' : { xs: 'none', sm: 'inline-flex' } }} data-testid={`staff-link-${l.key}`}>
        {l.label}
      </Button>
    );
  }
  return (
    <>
      <Button
        color="inherit"
        endIcon={<ExpandMoreRounded />}
        onClick={(e: MouseEvent<HTMLElement>) => {
          setOpened(true);
          setAnchor(e.currentTarget);
        }}
        aria-haspopup="menu"
        aria-controls={anchor ? 'staff-links-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        sx={{ ...buttonSx, display: { xs: 'none', sm: 'inline-flex' } }}
        data-testid="staff-links-button"
      >
        Console
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <StaffLinksMenu links={links} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
