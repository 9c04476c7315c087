// The site's frame around every page but the landing page: the promotion ribbons, the navbar (./TopBar), the
// announcement and email, live and membership ribbons, the page, the footer (./Footer) and the bottom navigation on
// phones (./BottomNav); the chat screen fills the window instead. Also the shell's live counts (chat unread, bell,
// help) and the fan's "last seen".
import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useAuth, useIsProxy } from '../auth';
import { isMember, isStaff } from '../format';
import { useLiveUnreadCount } from '../chat/unread';
import { useLiveBell } from '../notifications/counts';
import { useReportLastSeen } from '../chat/lastSeen';
import { PageLoader } from '../components/StatusViews';
import { PromotionProvider, PromotionRibbons } from '../promotions';
import AnnouncementBanner from './AnnouncementBanner';
import { BottomNav, BOTTOM_NAV_HEIGHT } from './BottomNav';
import { isChatPath, useChatLink } from './chatLink';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

const EmailRibbons = lazy(() => import('../components/EmailRibbons'));
// The help popup shows only once its item has been fetched: it loads after the shell instead of with it.
const HelpPopupHost = lazy(() => import('../notifications/HelpPopup').then((m) => ({ default: m.HelpPopupHost })));
// The creator's miscellaneous announcement popup.
const MiscPopup = lazy(() => import('./MiscPopup'));
const LiveAnnouncement = lazy(() => import('../live/LiveAnnouncement').then((m) => ({ default: m.LiveAnnouncement })));
// Rebill reminder and resubscribe offer ribbons (../membership).
// The chat-booking countdown (../chat-booking), while the creator takes bookings.
const BookingRibbon = lazy(() => import('../chat-booking/BookingRibbon'));
const MembershipRibbons = lazy(() => import('../membership/MembershipPopups').then((m) => ({ default: m.MembershipRibbons })));

/** Statuses of the opt-in prompt that show a ribbon (kept here so the ribbon chunk loads only when needed). */
const OPT_IN_RIBBON_STATUSES = new Set(['pending', 'opt_out', 'link_sent']);

// The account menu loads when first opened; the staff's promotion button only for staff, on the home page.
const AccountMenu = lazy(() => import('./AccountMenu'));
const PromotionStaffBar = lazy(() => import('../promotions/PromotionStaffBar').then((m) => ({ default: m.PromotionStaffBar })));

/** Email ribbons (not in proxy sessions): a pending email change, or the opt-in prompt for subscribers. */
function Ribbons() {
  const { me } = useAuth();
  const proxy = useIsProxy();
  const { pathname } = useLocation();
  if (!me || proxy) return null;
  // The profile page shows the pending email change itself.
  if (me.pendingEmailChange && pathname === '/profile') return null;
  const optIn = me.role === 'user' && isMember(me) && OPT_IN_RIBBON_STATUSES.has(me.emailOptInStatus);
  if (!me.pendingEmailChange && !optIn) return null;
  return (
    <Suspense fallback={null}>
      <EmailRibbons optIn={optIn} />
    </Suspense>
  );
}

/** Guests at / see the landing page instead of the feed when the creator turns it on. */
export function useLandingAtHome(): boolean {
  const { token, settings } = useAuth();
  const { pathname } = useLocation();
  return pathname === '/' && !token && !!settings?.landing_page_enabled;
}

export function Shell() {
  const [accountAnchor, setAccountAnchor] = useState<HTMLElement | null>(null);
  // The menu is mounted from its first opening on, so it closes with its transition.
  const [accountOpened, setAccountOpened] = useState(false);
  const openAccount = (el: HTMLElement) => {
    setAccountOpened(true);
    setAccountAnchor(el);
  };
  const { pathname } = useLocation();
  const { token: signedIn, me, settings } = useAuth();
  const proxy = useIsProxy();
  const chatLink = useChatLink();
  // Full-screen chat for those who chat (a fan without a membership gets the usual page with its prompt).
  const chatOpen = isChatPath(pathname) && !!chatLink?.counts;
  // The unread badge is kept fresh everywhere but in the chat, which marks the conversation read itself.
  useLiveUnreadCount(!!chatLink?.counts && !chatOpen);
  // "Last seen" for staff: a signed-in fan (not staff, not a proxy view) reports being here.
  useReportLastSeen(!!me && !isStaff(me) && !proxy);
  // The notification bell and the help unread count: kept fresh by frames while signed in.
  const staffView = !!me && isStaff(me) && !proxy;
  useLiveBell(!!signedIn && !!me, staffView);
  // The landing page brings its own navbar and footer.
  if (useLandingAtHome()) {
    return (
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    );
  }
  return (
    <PromotionProvider>
      <Box
        sx={
          chatOpen
            ? { height: '100dvh', display: 'flex', flexDirection: 'column', overflow: 'hidden' }
            : { minHeight: '100vh', display: 'flex', flexDirection: 'column', pb: { xs: `${BOTTOM_NAV_HEIGHT}px`, sm: 0 } }
        }
      >
        <Link
          href="#main"
          sx={{
            position: 'absolute',
            left: 8,
            top: -48,
            zIndex: 2000,
            bgcolor: 'background.paper',
            px: 2,
            py: 1,
            borderRadius: 1,
            '&:focus': { top: 8 },
          }}
        >
          Skip to content
        </Link>
        {/* Promotion ribbons: above the menu, or under it ('above hero'; 'below hero' where no hero shows). */}
        <PromotionRibbons at="above menu" />
        <TopBar onOpenAccount={openAccount} />
        <PromotionRibbons at="top" />
        <AnnouncementBanner />
        <Ribbons />
        {signedIn && (
          <Suspense fallback={null}>
            <LiveAnnouncement />
          </Suspense>
        )}
        {signedIn && me?.role === 'user' && settings?.chat_booking_enabled && (
          <Suspense fallback={null}>
            <BookingRibbon />
          </Suspense>
        )}
        {signedIn && me && (
          <Suspense fallback={null}>
            <HelpPopupHost staff={staffView} on={!chatOpen} />
          </Suspense>
        )}
        {signedIn && (
          <Suspense fallback={null}>
            <MembershipRibbons />
          </Suspense>
        )}
        {(pathname === '/' || pathname === '/home') && staffView && (
          <Suspense fallback={null}>
            <PromotionStaffBar />
          </Suspense>
        )}
        <Box
          component="main"
          id="main"
          tabIndex={-1}
          sx={{ flex: 1, width: '100%', outline: 'none', ...(chatOpen ? { minHeight: 0, display: 'flex', flexDirection: 'column' } : {}) }}
        >
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
        {!chatOpen && <Footer />}
        {!chatOpen && <BottomNav onOpenAccount={openAccount} />}
        {!chatOpen && (
          <Suspense fallback={null}>
            <MiscPopup />
          </Suspense>
        )}
        {accountOpened && (
          <Suspense fallback={null}>
            <AccountMenu anchorEl={accountAnchor} onClose={() => setAccountAnchor(null)} />
          </Suspense>
        )}
      </Box>
    </PromotionProvider>
  );
}
