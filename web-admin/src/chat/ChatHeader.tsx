// The chat header: back arrow on small screens, avatar, name, nickname, wallet, amount spent,
// the red total of voids, refunds and chargebacks (+ $25 per chargeback) with its breakdown, and the fan's
// pay-per-message credits with "Grant credits" for the settings roles.
import { useState } from 'react';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcardOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { ChatUserDetails, ChatUserListEntry, PayPerMessageStatus } from '../../../domain/chat/wire';
import { formatDate, relative } from '../format';
import { useSay } from '../posts/parts';
import { chatApi } from './api';
import { cents, deductionBreakdown, initials, MESSAGES } from './rules';
import { problemText } from './useChat';
import { useFanOnline, useOtherStaffInChat } from '../realtime';
import { alsoInChat } from '../realtimeRules';
import { OnlineDot } from './UserRow';
import { ChatLiveActions } from '../live/ChatLiveActions';

/** The membership in the list filter's words (rules.ts STATUS_CHOICES): '1' renewing, '2' cancelled but paid through. */
const SUBSCRIPTION_LABEL: Record<string, string> = { '0': 'Not subscribed', '1': 'Active', '2': 'Active-Cancelled' };

export function ChatHeader({
  userId,
  entry,
  details,
  error,
  onRetry,
  onBack,
  payPerMessage,
  mayGrant,
  onChanged,
}: {
  userId: string;
  /** The list row, shown while the details load. */
  entry: ChatUserListEntry | null;
  details: ChatUserDetails | null;
  error: string | null;
  onRetry: () => void;
  onBack?: () => void;
  payPerMessage: PayPerMessageStatus | null;
  mayGrant: boolean;
  onChanged: () => void;
}) {
  const [granting, setGranting] = useState(false);
  const name = details?.name ?? entry?.name ?? '';
  const nick = details?.nick_name ?? entry?.nick_name ?? null;
  const avatar = details?.profile ?? entry?.avatarUrl ?? null;
  const walletCents = details ? details.wallet_amount_cents : entry?.wallet_amount_cents ?? null;
  const spentCents = details ? details.totalAmountSpentCents : entry?.total_amount_spent_cents ?? null;
  const d = details ? deductionBreakdown(details) : null;
  const online = useFanOnline(userId);
  const otherStaff = useOtherStaffInChat(userId);

  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, py: 1.25, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }} data-testid="chat-header">
      <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', minWidth: 0 }}>
        {onBack ? (
          <IconButton onClick={onBack} aria-label="Back to the user list" edge="start" data-testid="chat-back">
            <ArrowBackIcon />
          </IconButton>
        ) : null}
        <OnlineDot online={online}>
          <Avatar src={avatar ?? undefined} alt="" sx={{ width: 44, height: 44, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
            {name ? initials(name) : null}
          </Avatar>
        </OnlineDot>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {name ? (
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'baseline', minWidth: 0 }}>
              <Typography variant="subtitle1" noWrap sx={{ fontWeight: 600, minWidth: 0 }} data-testid="chat-header-name">
                {name}
              </Typography>
              {nick ? (
                <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0 }} data-testid="chat-header-nickname">
                  ({nick})
                </Typography>
              ) : null}
            </Stack>
          ) : (
            <Skeleton width={160} />
          )}
          <Typography variant="caption" color="text.secondary" noWrap component="div" title={details?.lastSeen ? formatDate(details.lastSeen) : undefined}>
            {online ? (
              <Box component="span" sx={{ color: 'success.main', fontWeight: 600 }} data-testid="chat-header-online">
                Online
              </Box>
            ) : null}
            {details
              ? [
                  online ? '' : null,
                  SUBSCRIPTION_LABEL[details.ccbill_subscription_status] ?? null,
                  !online && details.lastSeen ? `Last seen ${relative(details.lastSeen)}` : null,
                ]
                  .filter(v => v !== null)
                  .join(' · ')
              : online
                ? null
                : '\u00a0'}
          </Typography>
          {otherStaff ? (
            <Typography variant="caption" color="info.main" noWrap component="div" sx={{ fontWeight: 600 }} data-testid="chat-other-staff">
              {alsoInChat(otherStaff)}
            </Typography>
          ) : null}
        </Box>
        {/* Live: Go Live with this fan, its help, the live-session history (new tab). */}
        <ChatLiveActions userId={userId} />
      </Stack>

      {error ? (
        <Alert
          severity="error"
          sx={{ mt: 1 }}
          data-testid="chat-header-error"
          action={
            <Button color="inherit" size="small" onClick={onRetry} startIcon={<RefreshIcon />}>
              Retry
            </Button>
          }
        >
          {error}
        </Alert>
      ) : null}

      <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }} data-testid="chat-header-money">
        {walletCents != null ? <Chip variant="outlined" label={`Wallet ${cents(walletCents)}`} data-testid="chat-header-wallet" /> : null}
        {spentCents != null ? <Chip variant="outlined" label={`Spent ${cents(spentCents)}`} data-testid="chat-header-spent" /> : null}
        {d ? (
          <Tooltip
            arrow
            describeChild
            slotProps={{ tooltip: { sx: { bgcolor: 'grey.900', fontSize: 12, px: 1.5, py: 1 } }, arrow: { sx: { color: 'grey.900' } } }}
            title={
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, rowGap: 0.25, '& dd': { m: 0, textAlign: 'right' } }} data-testid="chat-deductions-breakdown">
                <dt>Void</dt>
                <dd>{cents(d.voidCents)}</dd>
                <dt>Refund</dt>
                <dd>{cents(d.refundCents)}</dd>
                <dt>Chargeback amount</dt>
                <dd>{cents(d.chargebackCents)}</dd>
                <dt>
                  Chargebacks {d.chargebackCount} × $25
                </dt>
                <dd>{cents(d.penaltyCents)}</dd>
              </Box>
            }
          >
            <Chip
              tabIndex={0}
              label={`Deductions ${cents(d.totalCents)}`}
              data-testid="chat-header-deductions"
              data-cents={d.totalCents}
              sx={{ color: 'error.main', borderColor: 'error.main', fontWeight: 700 }}
              variant="outlined"
            />
          </Tooltip>
        ) : null}
        {details ? (
          <Tooltip
            title={
              payPerMessage?.isPayPerMessageEnabled
                ? `Pay per message is on (${cents(payPerMessage.payPerMessageAmountCents)} a message). Each credit lets this fan send one message free.`
                : 'Pay per message is off; credits are used once it is turned on.'
            }
          >
            <Chip variant="outlined" label={`Message credits ${details.payPerMessageCredit}`} data-testid="chat-header-credits" />
          </Tooltip>
        ) : null}
        {details && mayGrant ? (
          <Button size="small" startIcon={<CardGiftcardIcon />} onClick={() => setGranting(true)} data-testid="chat-grant-credits">
            Grant credits
          </Button>
        ) : null}
      </Stack>
      <GrantCreditsDialog
        open={granting}
        userId={userId}
        name={name}
        onClose={() => setGranting(false)}
        onGranted={() => {
          setGranting(false);
          onChanged();
        }}
      />
    </Box>
  );
}

const MAX_GRANT = 1000;

function GrantCreditsDialog({ open, userId, name, onClose, onGranted }: { open: boolean; userId: string; name: string; onClose: () => void; onGranted: () => void }) {
  const say = useSay();
  const [value, setValue] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > MAX_GRANT) {
      setError(`Enter a whole number between 1 and ${MAX_GRANT}.`);
      return;
    }
    setBusy(true);
    try {
      const message = await chatApi.grantCredits(userId, n);
      say(message || MESSAGES.creditsGranted, 'success');
      setValue('1');
      setError(null);
      onGranted();
    } catch (e) {
      const text = problemText(e, MESSAGES.creditsError);
      setError(text);
      say(text, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="grant-credits-title" fullWidth maxWidth="xs" data-testid="grant-credits-dialog">
      <DialogTitle id="grant-credits-title">Grant message credits</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          With pay per message on, each credit lets {name || 'this fan'} send one message without paying.
        </Typography>
        <TextField
          autoFocus
          label="Credits"
          type="number"
          value={value}
          onChange={e => {
            setValue(e.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? `Whole number, 1 to ${MAX_GRANT}.`}
          fullWidth
          slotProps={{ htmlInput: { min: 1, max: MAX_GRANT, step: 1, 'data-testid': 'grant-credits-input' } }}
          onKeyDown={e => {
            if (e.key === 'Enter') void submit();
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy} data-testid="grant-credits-confirm">
          Grant
        </Button>
      </DialogActions>
    </Dialog>
  );
}
