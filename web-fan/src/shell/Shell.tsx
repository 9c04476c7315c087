import { lazy, Suspense, useState, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import HomeRounded from '@mui/icons-material/HomeRounded';
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import LocalMallRounded from '@mui/icons-material/LocalMallRounded';
import VolunteerActivismRounded from '@mui/icons-material/VolunteerActivismRounded';
import AccountCircleRounded from '@mui/icons-material/AccountCircleRounded';
import ChatRounded from '@mui/icons-material/ChatRounded';
import Badge from '@mui/material/Badge';
import Tooltip from '../components/LazyTooltip';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import KeyRounded from '@mui/icons-material/KeyRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import { useAuth, useIsProxy, useModelName } from '../auth';
import { isMember, isStaff } from '../format';
import { hasTipsTab } from './navRules';
import { useUnreadCount, useLiveUnreadCount } from '../chat/unread';
import { NotificationBell } from '../notifications/Bell';
import { useBellCounts, useHelpUnread, useLiveBell } from '../notifications/counts';
import { useReportLastSeen } from '../chat/lastSeen';
import { ReconnectingChip } from '../components/Live';
import { PageLoader } from '../components/StatusViews';
import { useMayOpen } from '../components/Guard';
import Skeleton from '@mui/material/Skeleton';
import { SocialIcons } from '../components/SocialIcons';
import { PaymentIcons } from '../components/PaymentIcons';
import { WalletBalanceLink } from '../wallet/WalletBalanceLink';
import { PromotionProvider, PromotionRibbons, PromotionStaffBar } from '../promotions';
import MoreHorizRounded from '@mui/icons-material/MoreHorizRounded';
import AnnouncementBanner from './AnnouncementBanner';
import CustomMenuNav from './CustomMenuNav';
import FooterLinks from './FooterLinks';
import { useMenuLinks } from './menu';
import { StaffLinksMenuItems, StaffLinksNav, useReducedNavbar } from './StaffLinks';
import { shortMenuLabel } from '../../../domain/settings/shell';

const EmailRibbons = lazy(() => import('../components/EmailRibbons'));
// The help popup shows only once its item has been fetched, and the footer HTML only when the creator wrote one:
// both load after the shell instead of with it.
const HelpPopupHost = lazy(() => import('../notifications/HelpPopup').then((m) => ({ default: m.HelpPopupHost })));
const FooterHtml = lazy(() => import('./FooterHtml'));
// The creator's miscellaneous announcement popup.
const MiscPopup = lazy(() => import('./MiscPopup'));
const LiveAnnouncement = lazy(() => import('../live/LiveAnnouncement').then((m) => ({ default: m.LiveAnnouncement })));
// Rebill reminder and resubscribe offer ribbons (../membership).
const MembershipRibbons = lazy(() => import('../membership/MembershipPopups').then((m) => ({ default: m.MembershipRibbons })));

/** Statuses of the opt-in prompt that show a ribbon (kept here so the ribbon chunk loads only when needed). */
const OPT_IN_RIBBON_STATUSES = new Set(['pending', 'opt_out', 'link_sent']);

const BOTTOM_NAV_HEIGHT = 60;

/** The console's chat, where staff answer fans (the fan site's /private-chat sends them there). */
const STAFF_CHAT_URL = '/admin/private-chat';

/** The chat screen fills the window under the top bar: no footer, and no bottom navigation on phones. */
const isChatPath = (pathname: string) => pathname === '/private-chat' || pathname.startsWith('/private-chat/');

/** Where the chat icon leads, and whether its unread count is worth asking for (members and staff). */
function useChatLink(): { to: string; external: boolean; counts: boolean } | null {
  const { me } = useAuth();
  const proxy = useIsProxy();
  const may = useMayOpen();
  if (!me || !may('/private-chat')) return null;
  if (isStaff(me) && !proxy) return { to: STAFF_CHAT_URL, external: true, counts: true };
  return { to: '/private-chat', external: false, counts: isMember(me) };
}

/** The unread badge on a chat icon: capped '99+'. */
function ChatBadge({ children, testId }: { children: ReactNode; testId: string }) {
  const unread = useUnreadCount();
  return (
    <Badge
      badgeContent={unread}
      max={99}
      color="primary"
      overlap="circular"
      slotProps={{ badge: { 'data-testid': testId, 'aria-hidden': true } as object }}
    >
      {children}
    </Badge>
  );
}

function unreadLabel(n: number): string {
  return n > 0 ? `Chat, ${n > 99 ? '99+' : n} unread message${n === 1 ? '' : 's'}` : 'Chat';
}

function ChatNavButton() {
  const link = useChatLink();
  const { pathname } = useLocation();
  const unread = useUnreadCount();
  if (!link) return null;
  const active = isChatPath(pathname);
  const linkProps = link.external ? { component: 'a' as const, href: link.to } : { component: RouterLink, to: link.to };
  return (
    <Tooltip title="Chat">
      <IconButton
        {...linkProps}
        aria-label={unreadLabel(unread)}
        aria-current={active ? 'page' : undefined}
        data-testid="nav-chat"
        sx={{ color: active ? 'primary.main' : 'text.secondary' }}
      >
        <ChatBadge testId="nav-chat-badge">
          <ChatRounded />
        </ChatBadge>
      </IconButton>
    </Tooltip>
  );
}

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?'
  );
}

function AccountMenu({
  anchorEl,
  onClose,
}: {
  anchorEl: HTMLElement | null;
  onClose: () => void;
}) {
  const { me, logout, settings } = useAuth();
  const navigate = useNavigate();
  const may = useMayOpen();
  const helpUnread = useHelpUnread();
  const proxy = useIsProxy();
  const reduced = useReducedNavbar();
  return (
    <Menu
      id="account-menu"
      anchorEl={anchorEl}
      open={!!anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
    >
      <Box sx={{ px: 2, py: 1 }}>
        <Typography variant="body2" color="text.secondary">
          Welcome
        </Typography>
        <Typography variant="subtitle1" noWrap sx={{ maxWidth: 240 }} data-testid="welcome-name">
          {me?.name ?? ''}
        </Typography>
      </Box>
      <Divider />
      {may('/profile') && (
        <MenuItem component={RouterLink} to="/profile" onClick={onClose} data-testid="menu-profile">
          <ListItemIcon>
            <PersonRounded fontSize="small" />
          </ListItemIcon>
          Profile
        </MenuItem>
      )}
      {may('/profile/change-password') && (
        <MenuItem component={RouterLink} to="/profile/change-password" onClick={onClose} data-testid="menu-change-password">
          <ListItemIcon>
            <KeyRounded fontSize="small" />
          </ListItemIcon>
          Change password
        </MenuItem>
      )}
      {!reduced && (
        <MenuItem
          component={RouterLink}
          to="/membership"
          onClick={onClose}
          data-testid="menu-membership"
        >
          <ListItemIcon>
            <WorkspacePremiumRounded fontSize="small" />
          </ListItemIcon>
          Membership
        </MenuItem>
      )}
      {may('/profile/payments') && (
        <MenuItem component={RouterLink} to="/profile/payments" onClick={onClose} data-testid="menu-payments">
          <ListItemIcon>
            <ReceiptLongRounded fontSize="small" />
          </ListItemIcon>
          Payments and receipts
        </MenuItem>
      )}
      {may('/purchased-contents/:id?') && settings?.purchased_content_settings?.enabled !== false && (
        <MenuItem component={RouterLink} to="/purchased-contents" onClick={onClose} data-testid="menu-purchased">
          <ListItemIcon>
            <LocalMallRounded fontSize="small" />
          </ListItemIcon>
          Purchased contents
        </MenuItem>
      )}
      {(may('/user-help') || may('/help')) && (
        <MenuItem component={RouterLink} to={may('/user-help') ? '/user-help' : '/help'} onClick={onClose} data-testid="menu-help">
          <ListItemIcon>
            <HelpOutlineRounded fontSize="small" />
          </ListItemIcon>
          <Box component="span" sx={{ flexGrow: 1 }}>Help</Box>
          {helpUnread > 0 && <Badge badgeContent={helpUnread > 99 ? '99+' : helpUnread} color="error" sx={{ mr: 1 }} data-testid="menu-help-badge" />}
        </MenuItem>
      )}
      <StaffLinksMenuItems onClose={onClose} />
      <Divider />
      <MenuItem
        onClick={() => {
          onClose();
          logout();
          navigate('/');
        }}
        data-testid="logout"
      >
        <ListItemIcon>
          <LogoutRounded fontSize="small" />
        </ListItemIcon>
        {proxy ? 'Log out (back to console)' : 'Log out'}
      </MenuItem>
    </Menu>
  );
}

/** An admin viewing the site as a fan: always visible, with the way back to the console. */
function ProxyBanner() {
  const { me, logout } = useAuth();
  const proxy = useIsProxy();
  const [leaving, setLeaving] = useState(false);
  if (!proxy) return null;
  return (
    <Box
      role="status"
      data-testid="proxy-banner"
      sx={{ bgcolor: 'warning.main', color: 'warning.contrastText', py: 0.75 }}
    >
      <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 1.5, sm: 3 }, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <VisibilityRounded fontSize="small" aria-hidden />
        <Typography variant="body2" sx={{ fontWeight: 700, flex: 1, minWidth: 0, wordBreak: 'break-word' }}>
          Viewing the site as {me?.name || me?.email || 'a fan'}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            logout();
          }}
          data-testid="proxy-back-to-console"
          sx={{ borderColor: 'currentColor', py: 0.25, whiteSpace: 'nowrap' }}
        >
          Back to console
        </Button>
      </Box>
    </Box>
  );
}

function TopBar({ onOpenAccount }: { onOpenAccount: (el: HTMLElement) => void }) {
  const { token, me, settings } = useAuth();
  const modelName = useModelName();
  const { pathname } = useLocation();
  const loggedIn = !!token;
  const proxy = useIsProxy();
  // Support's navbar is reduced to its transactions link.
  const reduced = useReducedNavbar();
  // The gallery is hidden unless the menu settings list it for this visitor.
  const { items: menuItems } = useMenuLinks();
  // The creator's navbar names and padding.
  const names = settings?.shell?.navbar;
  const padding = Math.max(0, Math.min(24, names?.padding ?? 0));

  const navLink = (to: string, label: string, testId: string) => {
    const active = to === '/' ? pathname === '/' || pathname === '/home' || pathname.startsWith('/feed/') : pathname.startsWith(to);
    return (
      <Button
        component={RouterLink}
        to={to}
        color="inherit"
        aria-current={active ? 'page' : undefined}
        data-testid={testId}
        sx={{
          color: active ? 'text.primary' : 'text.secondary',
          borderRadius: 2,
          position: 'relative',
          '&::after': active
            ? { content: '""', position: 'absolute', left: 14, right: 14, bottom: 2, height: 2, borderRadius: 1, bgcolor: 'primary.main' }
            : undefined,
        }}
      >
        {label}
      </Button>
    );
  };

  return (
    <AppBar
      position="sticky"
      elevation={0}
      color="inherit"
      sx={{
        bgcolor: (t) => alpha(t.palette.background.paper, 0.88),
        backdropFilter: 'saturate(180%) blur(12px)',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar sx={{ gap: 1, minHeight: { xs: 56, sm: 64 }, maxWidth: 1200, width: '100%', mx: 'auto', px: { xs: 1.5, sm: 3 }, py: `${padding}px` }} data-testid="top-bar">
        <Box
          component={RouterLink}
          to="/"
          sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color: 'text.primary', textDecoration: 'none', minWidth: 0, borderRadius: 2 }}
          aria-label={`${modelName} home`}
          data-testid="brand"
        >
          <Avatar
            src={settings?.model_avatar_url ?? undefined}
            alt=""
            sx={{ width: 34, height: 34, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 15, fontWeight: 700 }}
          >
            {initials(modelName)}
          </Avatar>
          <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 700, fontSize: { xs: 17, sm: 19 } }}>
            {modelName}
          </Typography>
        </Box>

        {!reduced && (
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', sm: 'flex' }, gap: 0.5, ml: 3 }}>
            {navLink('/', names?.feed || 'Feed', 'nav-feed')}
            {/* A guest sees the offer (/join); /membership needs an account. */}
            {navLink(loggedIn ? '/membership' : '/join', names?.membership || 'Membership', 'nav-membership')}
            {hasTipsTab(me, proxy) && navLink('/tips', names?.tips || 'Tips', 'nav-tips')}
            {menuItems.includes('gallery') && navLink('/gallery', names?.gallery || 'Gallery', 'nav-gallery')}
            <CustomMenuNav />
          </Box>
        )}
        <Box component={reduced ? 'nav' : 'div'} aria-label={reduced ? 'Main' : undefined} sx={{ display: 'flex', ml: { xs: 1, sm: reduced ? 3 : 0.5 } }}>
          <StaffLinksNav />
        </Box>

        <Box sx={{ flexGrow: 1 }} />

        {loggedIn ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1 } }}>
            <ReconnectingChip />
            <NotificationBell staff={!!me && isStaff(me) && !proxy} />
            {!reduced && <ChatNavButton />}
            {!reduced && <WalletBalanceLink />}
            <Typography variant="body2" color="text.secondary" noWrap sx={{ display: { xs: 'none', md: 'block' }, maxWidth: 200 }}>
              Welcome, <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>{me?.name ?? ''}</Box>
            </Typography>
            <IconButton
              onClick={(e: MouseEvent<HTMLElement>) => onOpenAccount(e.currentTarget)}
              aria-label="Account menu"
              aria-haspopup="menu"
              aria-controls="account-menu"
              data-testid="account-button"
              sx={{ p: 0.5 }}
            >
              <Avatar src={me?.avatarUrl ?? undefined} alt="" sx={{ width: 34, height: 34, fontSize: 14 }}>
                {initials(me?.name ?? '')}
              </Avatar>
            </IconButton>
          </Box>
        ) : (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button component={RouterLink} to="/login" color="inherit" variant="outlined" size="small" data-testid="nav-login" sx={{ borderColor: 'divider', whiteSpace: 'nowrap', flexShrink: 0 }}>
              {settings?.log_in_navbar_name || 'Log In'}
            </Button>
            <Button component={RouterLink} to="/register" variant="contained" size="small" data-testid="nav-register" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {settings?.sign_up_navbar_name || 'Sign Up'}
            </Button>
          </Box>
        )}
      </Toolbar>
      <ProxyBanner />
    </AppBar>
  );
}

function BottomNav({ onOpenAccount }: { onOpenAccount: (el: HTMLElement) => void }) {
  const { token, me } = useAuth();
  const proxy = useIsProxy();
  const { links: menuLinks } = useMenuLinks();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const chat = useChatLink();
  const unread = useUnreadCount();
  const helpUnread = useHelpUnread();
  const unreadTips = useBellCounts().modelUnreadTips ?? 0;
  const names = useAuth().settings?.shell?.navbar;
  const value = pathname === '/' || pathname === '/home' || pathname.startsWith('/feed/')
    ? 'feed'
    : isChatPath(pathname)
      ? 'chat'
      : pathname.startsWith('/membership') || pathname.startsWith('/subscribe') || pathname === '/join'
      ? 'membership'
      : pathname.startsWith('/tips')
        ? 'tips'
        : /^\/(login|register|forgot-password|profile|upload-photo-id|change-password)/.test(pathname)
          ? 'account'
          : pathname === '/more-links' || pathname === '/links'
            ? 'more'
            : false;
  // Feed, Chat, Tips, Account, More/Links, hidden for support users. Members get exactly those;
  // everyone else also keeps Membership, the way in. A single custom link is the last tab,
  // labelled by its name shortened to 5 characters plus an ellipsis.
  if (me?.role === 'support' && !proxy) return null;
  const member = isMember(me) || (!!me && isStaff(me) && !proxy);
  const single = menuLinks.length === 1 ? menuLinks[0] : null;

  return (
    <Paper
      component="nav"
      aria-label="Bottom navigation"
      elevation={0}
      sx={{
        display: { xs: 'block', sm: 'none' },
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (t) => t.zIndex.appBar,
        borderTop: 1,
        borderColor: 'divider',
        pb: 'env(safe-area-inset-bottom)',
      }}
      data-testid="bottom-nav"
    >
      <BottomNavigation
        showLabels
        value={value}
        sx={{ height: BOTTOM_NAV_HEIGHT, bgcolor: 'transparent', '& .MuiBottomNavigationAction-root': { minWidth: 0, px: 0.5 }, '& .MuiBottomNavigationAction-label, & .Mui-selected .MuiBottomNavigationAction-label': { whiteSpace: 'nowrap', fontSize: 11.5 } }}
      >
        <BottomNavigationAction label={names?.feed || 'Feed'} value="feed" icon={<HomeRounded />} component={RouterLink} to="/" data-testid="bottom-nav-feed" />
        {chat && (
          <BottomNavigationAction
            label="Chat"
            value="chat"
            aria-label={unreadLabel(unread)}
            icon={
              <ChatBadge testId="bottom-nav-chat-badge">
                <ChatRounded />
              </ChatBadge>
            }
            {...(chat.external ? { component: 'a', href: chat.to } : { component: RouterLink, to: chat.to })}
            data-testid="bottom-nav-chat"
          />
        )}
        {!member && <BottomNavigationAction label={names?.membership || 'Membership'} value="membership" icon={<WorkspacePremiumRounded />} component={RouterLink} to={token ? '/membership' : '/join'} data-testid="bottom-nav-membership" />}
        {hasTipsTab(me, proxy) && (<BottomNavigationAction
          label={names?.tips || 'Tips'}
          value="tips"
          icon={
            <Badge badgeContent={unreadTips > 99 ? '99+' : unreadTips} color="error" invisible={unreadTips === 0} data-testid="bottom-nav-tips-badge">
              <VolunteerActivismRounded />
            </Badge>
          }
          aria-label={unreadTips > 0 ? `Tips, ${unreadTips > 99 ? '99+' : unreadTips} unread tips` : 'Tips'}
          component={RouterLink}
          to="/tips"
          data-testid="bottom-nav-tips"
        />)}
        <BottomNavigationAction
          label="Account"
          value="account"
          icon={
            <Badge badgeContent={helpUnread > 99 ? '99+' : helpUnread} color="error" invisible={helpUnread === 0} data-testid="bottom-nav-account-badge">
              <AccountCircleRounded />
            </Badge>
          }
          aria-label={helpUnread > 0 ? `Account, ${helpUnread > 99 ? '99+' : helpUnread} unread help` : 'Account'}
          aria-haspopup={proxy ? 'menu' : undefined}
          data-testid="bottom-nav-account"
          onClick={(e: MouseEvent<HTMLElement>) => (proxy ? onOpenAccount(e.currentTarget) : navigate(token ? '/profile' : '/login'))}
        />
        {single ? (
          <BottomNavigationAction
            label={shortMenuLabel(single.name)}
            aria-label={single.name}
            icon={<MoreHorizRounded />}
            data-testid="bottom-nav-more"
            {...(/^https?:/.test(single.url) || single.open_in_new_tab
              ? { component: 'a', href: single.url, ...(single.open_in_new_tab ? { target: '_blank', rel: 'noopener noreferrer' } : {}) }
              : { component: RouterLink, to: single.url })}
          />
        ) : (
          <BottomNavigationAction label="More" value="more" icon={<MoreHorizRounded />} component={RouterLink} to="/more-links" data-testid="bottom-nav-more" />
        )}
      </BottomNavigation>
    </Paper>
  );
}

/** Custom footer HTML or the copyright line, with the social and payment-card icons. */
export function Footer() {
  const { settings } = useAuth();
  const modelName = useModelName();
  const html = settings?.footer_text_html ?? '';
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', py: 3, px: 2, textAlign: 'center', color: 'text.secondary', fontSize: 14, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}
      data-testid="footer"
    >
      <SocialIcons links={settings?.social_links} size="small" testId="footer-social-icons" />
      <PaymentIcons brands={settings?.payment_icons} testId="footer-payment-icons" />
      <FooterLinks />
      {html ? (
        <Suspense fallback={<Skeleton variant="text" width={240} aria-label="Loading footer" />}>
          <FooterHtml html={html} />
        </Suspense>
      ) : (
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} {modelName}. All rights reserved.
        </Typography>
      )}
    </Box>
  );
}

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
  const { pathname } = useLocation();
  const { token: signedIn, me } = useAuth();
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
        <TopBar onOpenAccount={setAccountAnchor} />
        <PromotionRibbons at="top" />
        <AnnouncementBanner />
        <Ribbons />
        {signedIn && (
          <Suspense fallback={null}>
            <LiveAnnouncement />
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
        {(pathname === '/' || pathname === '/home') && <PromotionStaffBar />}
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
        {!chatOpen && <BottomNav onOpenAccount={setAccountAnchor} />}
        {!chatOpen && (
          <Suspense fallback={null}>
            <MiscPopup />
          </Suspense>
        )}
        <AccountMenu anchorEl={accountAnchor} onClose={() => setAccountAnchor(null)} />
      </Box>
    </PromotionProvider>
  );
}
