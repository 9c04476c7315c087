// The chat's header: back (on phones), the creator's avatar and name, the pay-per-message line, Join Stream while
// a session is live for the fan, and the link to purchased contents.
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import LocalMallRounded from '@mui/icons-material/LocalMallRounded';
import Tooltip from '@mui/material/Tooltip';
import type { PayPerMessageStatus } from '../../../domain/chat/wire';
import { formatMoney } from '../../../domain/shared/money';
import { useAuth, useModelName } from '../auth';
import { JoinStreamButton } from '../live/LiveAnnouncement';


export function ChatHeader({ payPerMessage }: { payPerMessage: PayPerMessageStatus | null }) {
  const { settings } = useAuth();
  const modelName = useModelName();
  const navigate = useNavigate();
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
      <Avatar
        src={settings?.model_avatar_url ?? undefined}
        alt=""
        sx={{ width: 42, height: 42, bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700 }}
      >
        {modelName.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography component="h1" variant="subtitle1" noWrap sx={{ fontWeight: 700, lineHeight: 1.25 }} data-testid="chat-creator-name">
          {modelName}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p" data-testid="chat-header-subtitle">
          {subtitle}
        </Typography>
      </Box>
      {/* Join Stream while a session is live for this fan and not yet joined. */}
      <JoinStreamButton />
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
