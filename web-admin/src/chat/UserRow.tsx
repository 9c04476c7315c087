// One row of the chat user list: avatar with the online dot, name, complimentary star, nickname, time of the last
// message, the row menu, the last message (its full text in a tooltip on wide screens), the unread badge, money and
// mute/block notes.
import { memo, type ReactNode } from 'react';
import { Avatar, Badge, Box, ListItemButton, Stack, Tooltip, Typography } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import type { ChatUserListEntry } from '../../../domain/chat/wire';
import { formatDate, relative } from '../format';
import { useFanOnline } from '../realtime';
import { cents, initials, unreadLabel } from './rules';

export const UserRow = memo(function UserRow({
  user,
  selected,
  star,
  tooltip,
  onSelect,
  menu,
}: {
  user: ChatUserListEntry;
  selected: boolean;
  star: boolean;
  tooltip: boolean;
  onSelect: (u: ChatUserListEntry) => void;
  menu?: ReactNode;
}) {
  const unread = unreadLabel(user.unreadcount);
  const online = useFanOnline(user._id);
  const money = [
    user.wallet_amount_cents != null ? `Wallet ${cents(user.wallet_amount_cents)}` : null,
    user.total_amount_spent_cents != null ? `Spent ${cents(user.total_amount_spent_cents)}` : null,
  ].filter(Boolean);
  const last = user.last_message || '';
  const lastLine = (
    <Typography
      variant="body2"
      color={unread ? 'text.primary' : 'text.secondary'}
      noWrap
      sx={{ fontWeight: unread ? 600 : 400, minWidth: 0 }}
      data-testid="chat-user-last-message"
    >
      {last || '\u00a0'}
    </Typography>
  );
  return (
    <ListItemButton
      selected={selected}
      onClick={() => onSelect(user)}
      data-testid="chat-user-row"
      data-user-id={user._id}
      data-unread={user.unreadcount}
      data-online={online ? 'true' : 'false'}
      aria-current={selected ? 'true' : undefined}
      sx={{ gap: 1.5, py: 1.25, px: 1.5, alignItems: 'flex-start', borderBottom: 1, borderColor: 'divider' }}
    >
      <OnlineDot online={online}>
        <Avatar src={user.avatarUrl ?? undefined} alt="" sx={{ width: 44, height: 44, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 16 }}>
          {initials(user.name)}
        </Avatar>
      </OnlineDot>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap sx={{ minWidth: 0, flexShrink: 1 }} data-testid="chat-user-name">
            {user.name}
          </Typography>
          {star && user.has_complimentary_subscription ? (
            <Tooltip title="Complimentary subscription">
              <StarIcon sx={{ fontSize: 16, color: 'warning.main', alignSelf: 'center' }} data-testid="chat-user-complimentary" aria-label="Complimentary subscription" />
            </Tooltip>
          ) : null}
          {user.nick_name ? (
            <Typography variant="caption" color="text.secondary" noWrap sx={{ minWidth: 0, flexShrink: 2 }} data-testid="chat-user-nickname">
              ({user.nick_name})
            </Typography>
          ) : null}
          <Box sx={{ flex: 1 }} />
          <Typography variant="caption" color="text.secondary" noWrap sx={{ flexShrink: 0 }} title={formatDate(user.last_message_time)}>
            {relative(user.last_message_time)}
          </Typography>
          {menu}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {tooltip && last.length > 40 ? (
              <Tooltip title={last} placement="bottom-start" enterDelay={500}>
                {lastLine}
              </Tooltip>
            ) : (
              lastLine
            )}
          </Box>
          {unread ? (
            <Box
              component="span"
              data-testid="chat-user-unread"
              aria-label={`${unread} unread`}
              sx={{
                flexShrink: 0,
                minWidth: 22,
                height: 22,
                px: 0.75,
                borderRadius: 11,
                bgcolor: 'error.main',
                color: 'error.contrastText',
                fontSize: 12,
                fontWeight: 700,
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
              }}
            >
              {unread}
            </Box>
          ) : null}
        </Stack>
        {money.length || user.mute_mass_message || user.is_blocked || user.is_allowed_to_chat ? (
          <Typography variant="caption" color="text.secondary" noWrap component="div" data-testid="chat-user-money">
            {[...money, user.mute_mass_message ? 'Mass messages muted' : null, user.is_blocked ? 'Blocked' : null, user.is_allowed_to_chat ? 'Allowed to chat' : null].filter(Boolean).join(' · ')}
          </Typography>
        ) : null}
      </Box>
    </ListItemButton>
  );
});

/** A green dot on a fan's avatar while the fan has the site open (presence frames). */
export function OnlineDot({ online, children }: { online: boolean; children: ReactNode }) {
  return (
    <Badge
      overlap="circular"
      variant="dot"
      invisible={!online}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      slotProps={{ badge: (online ? { 'aria-label': 'Online', role: 'img', 'data-testid': 'chat-user-online' } : { 'aria-hidden': true }) as object }}
      sx={{
        flexShrink: 0,
        mt: 0.25,
        '& .MuiBadge-badge': { bgcolor: 'success.main', width: 12, height: 12, borderRadius: 6, border: 2, borderColor: 'background.paper' },
      }}
    >
      {children}
    </Badge>
  );
}
