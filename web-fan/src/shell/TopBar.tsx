// The navbar: the creator's avatar and name, the main links (feed, membership, tips, gallery, shop, custom links), the
// staff links, and for the signed-in the reconnecting chip, the bell, chat, the cart with its count, wallet balance and the account button;
// the proxy banner under it while an admin views the site as a fan.
import { useState, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ChatRounded from '@mui/icons-material/ChatRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import Tooltip from '../components/LazyTooltip';
import { useAuth, useIsProxy, useModelName } from '../auth';
import { isStaff } from '../format';
import { useUnreadCount } from '../chat/unread';
import { NotificationBell } from '../notifications/Bell';
import { ReconnectingChip } from '../components/Live';
import { WalletBalanceLink } from '../wallet/WalletBalanceLink';
import { hasTipsTab } from './navRules';
import CustomMenuNav from './CustomMenuNav';
import { useMenuLinks } from './menu';
import { StaffLinksNav } from './StaffLinks';
import { useReducedNavbar } from './staffLinkHooks';
import { ChatBadge, isChatPath, unreadLabel, useChatLink } from './chatLink';
import { ShopNavButtons } from '../shop/ShopNav';
import { useShopShown } from '../shop/shopApi';

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

export function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?'
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

export function TopBar({ onOpenAccount }: { onOpenAccount: (el: HTMLElement) => void }) {
  const { token, me, settings } = useAuth();
  const modelName = useModelName();
  const { pathname } = useLocation();
  const loggedIn = !!token;
  const proxy = useIsProxy();
  // Support's navbar is reduced to its transactions link.
  const reduced = useReducedNavbar();
  // The gallery is hidden unless the menu settings list it for this visitor.
  const { items: menuItems } = useMenuLinks();
  // The shop: listed in the menu settings for this visitor, and open for their audience.
  const shopShown = useShopShown();
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
          sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 1.25 }, color: 'text.primary', textDecoration: 'none', minWidth: 0, borderRadius: 2 }}
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
          {/* Phones: up to two lines, so a longer name is not cut to "Fanclu…". */}
          <Typography
            variant="h6"
            component="span"
            sx={{ fontWeight: 700, fontSize: { xs: 15, sm: 19 }, lineHeight: { xs: 1.15, sm: 1.6 }, overflow: 'hidden', overflowWrap: 'anywhere', display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: { xs: 2, sm: 1 } }}
            data-testid="brand-name"
          >
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
            {shopShown && navLink('/shop', 'Shop', 'nav-shop')}
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
            {/* Phones have Chat in the bottom navigation: the top bar leaves the room to the site's name. */}
            {!reduced && <Box sx={{ display: { xs: 'none', sm: 'inline-flex' } }}><ChatNavButton /></Box>}
            {!reduced && <ShopNavButtons />}
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
