// The bottom navigation on phones: Feed, Chat, Membership (for non-members), Tips, Account and More (or the single
// custom link). Hidden for support users; the chat screen hides it.
import type { MouseEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import AccountCircleRounded from '@mui/icons-material/AccountCircleRounded';
import ChatRounded from '@mui/icons-material/ChatRounded';
import HomeRounded from '@mui/icons-material/HomeRounded';
import MoreHorizRounded from '@mui/icons-material/MoreHorizRounded';
import VolunteerActivismRounded from '@mui/icons-material/VolunteerActivismRounded';
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import { shortMenuLabel } from '../../../domain/settings/shell';
import { useAuth, useIsProxy } from '../auth';
import { isMember, isStaff } from '../format';
import { useUnreadCount } from '../chat/unread';
import { useBellCounts, useHelpUnread } from '../notifications/counts';
import { hasTipsTab } from './navRules';
import { useMenuLinks } from './menu';
import { ChatBadge, isChatPath, unreadLabel, useChatLink } from './chatLink';

export const BOTTOM_NAV_HEIGHT = 60;

export function BottomNav({ onOpenAccount }: { onOpenAccount: (el: HTMLElement) => void }) {
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
