// The home feed's private-chat button: "shown to non-admins with subscription status 1 or 2;
// it goes to /private-chat". A slim card under the creator's header: Open chat goes to the conversation, Send a
// message opens the Send Message modal for a quick note without leaving the feed. Not for guests, staff,
// non-members or an admin viewing the site as a fan (that session never writes to the creator). With normal chat
// off (chat_settings.disabled_normal_chat) a fan cannot write: Send a message goes, an open modal closes, and the
// card says why; it follows the setting live (SETTINGS_UPDATED reloads the settings in auth.tsx). Open chat stays
// (the creator's messages, unlocks and tips still work there).
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ChatRounded from '@mui/icons-material/ChatRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import { useAuth, useIsProxy, useModelName } from '../auth';
import { isMember, isStaff } from '../format';
import { useUnreadCount } from './unread';
import { NORMAL_CHAT_DISABLED } from '../../../domain/settings/chat-settings';

const SendMessageDialog = lazy(() => import('./SendMessageDialog').then((m) => ({ default: m.SendMessageDialog })));

/** Non-admins whose subscription status is '1' or '2'. */
export const showsChatButton = (me: Parameters<typeof isMember>[0], proxy: boolean) => !!me && !isStaff(me) && !proxy && isMember(me);

export function ChatWithCreatorCard() {
  const { me, settings } = useAuth();
  const unread = useUnreadCount();
  const proxy = useIsProxy();
  const name = useModelName();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const chatOff = settings?.chat_settings?.disabled_normal_chat === true;
  // Turned off while the modal is open: it closes (the server would refuse the message anyway).
  useEffect(() => {
    if (chatOff) setOpen(false);
  }, [chatOff]);
  if (!showsChatButton(me, proxy)) return null;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={`Private chat with ${name}`}
      data-testid="feed-chat-card"
      sx={{ mb: { xs: 1.5, sm: 2.5 }, mx: { xs: 1.5, sm: 0 }, px: { xs: 1.5, sm: 2 }, py: 1.5, borderRadius: 3, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
    >
      <Badge color="error" badgeContent={unread > 99 ? '99+' : unread} invisible={unread <= 0} overlap="circular">
        <Avatar src={settings?.model_avatar_url ?? undefined} alt="" sx={{ width: 44, height: 44, bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700 }}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
      </Badge>
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>Chat privately with {name}</Typography>
        <Typography variant="body2" color="text.secondary" data-testid={chatOff ? 'feed-chat-disabled' : undefined}>
          {chatOff ? NORMAL_CHAT_DISABLED : 'Messages, photos and videos just between you two.'}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flex: { xs: '1 1 100%', sm: '0 0 auto' }, pl: { sm: 7 } }}>
        {!chatOff && (
          <Button
            variant="outlined"
            startIcon={<EditRounded />}
            onClick={() => {
              setMounted(true);
              setOpen(true);
            }}
            data-testid="feed-chat-message"
            sx={{ flex: { xs: '1 1 auto', sm: 'none' }, whiteSpace: 'nowrap' }}
          >
            Send a message
          </Button>
        )}
        <Button variant="contained" component={RouterLink} to="/private-chat" startIcon={<ChatRounded />} data-testid="feed-chat-open" sx={{ flex: { xs: '1 1 auto', sm: 'none' }, whiteSpace: 'nowrap' }}>
          Open chat
        </Button>
      </Box>
      {mounted && !chatOff && (
        <Suspense fallback={null}>
          <SendMessageDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Paper>
  );
}
