// The chat's header: back (on phones), the creator's avatar with the presence dot, the name, "Online now" /
// "Active 5 min ago" (unless the creator hides it), the pay-per-message line, Join Stream while a session is live for
// the fan, and the link to purchased contents.
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import EventRounded from '@mui/icons-material/EventRounded';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import LocalMallRounded from '@mui/icons-material/LocalMallRounded';
import Tooltip from '@mui/material/Tooltip';
import type { PayPerMessageStatus } from '../../../domain/chat/wire';
import { formatMoney } from '../../../domain/shared/money';
import { useAuth, useModelName } from '../auth';
import { JoinStreamButton } from '../live/LiveAnnouncement';
import { CreatorAvatar } from '../components/CreatorAvatar';
import { useCreatorProfile, usePresenceLine } from '../components/creatorProfile';


export function ChatHeader({ payPerMessage }: { payPerMessage: PayPerMessageStatus | null }) {
  const { settings } = useAuth();
  const modelName = useModelName();
  const navigate = useNavigate();
  const presence = useCreatorProfile()?.presence;
  const line = usePresenceLine(presence);
  const subtitle = payPerMessage?.isPayPerMessageEnabled
    ? payPerMessage.payPerMessageCredit > 0
      ? `${payPerMessage.payPerMessageCredit} free message${payPerMessage.payPerMessageCredit === 1 ? '' : 's'} left`
      : `${formatMoney(payPerMessage.payPerMessageAmountCents)} per message`
    : 'Private chat';
  return (
    <Box
      component="header"
      data-testid="chat-header"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: { xs: 1, sm: 2.5 }, py: 1.25, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', flexShrink: 0 }}
    >
      <IconButton
        aria-label="Back"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}
        sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
        data-testid="chat-back"
      >
        <ArrowBackRounded />
      </IconButton>
      <CreatorAvatar online={presence?.online === true} size={42} testId="chat-creator-avatar" />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography component="h1" variant="subtitle1" noWrap sx={{ fontWeight: 700, lineHeight: 1.25 }} data-testid="chat-creator-name">
          {modelName}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {line && (
            <Box component="span" data-testid="chat-header-presence" sx={{ color: presence?.online ? 'success.main' : undefined, fontWeight: presence?.online ? 600 : undefined }}>
              {line} ·{' '}
            </Box>
          )}
          <span data-testid="chat-header-subtitle">{subtitle}</span>
        </Typography>
      </Box>
      {/* Join Stream while a session is live for this fan and not yet joined. */}
      <JoinStreamButton />
      {/* Fans book one-to-one chat time while the creator takes bookings. */}
      {settings?.chat_booking_enabled && (
        <>
          <Button component={RouterLink} to="/book-slot/book" size="small" variant="outlined" startIcon={<EventRounded />} data-testid="chat-book-link" sx={{ flexShrink: 0, display: { xs: 'none', sm: 'inline-flex' } }}>
            Book a chat
          </Button>
          <Tooltip title="Book a chat">
            <IconButton component={RouterLink} to="/book-slot/book" aria-label="Book a chat" data-testid="chat-book-icon" sx={{ display: { xs: 'inline-flex', sm: 'none' } }}>
              <EventRounded />
            </IconButton>
          </Tooltip>
        </>
      )}
      {/* The chat header links to purchased contents (what the fan bought here and in the feed). */}
      {settings?.purchased_content_settings?.enabled !== false && (
        <Tooltip title="Purchased contents">
          <IconButton component={RouterLink} to="/purchased-contents" aria-label="Purchased contents" data-testid="chat-purchased-link">
            <LocalMallRounded />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
