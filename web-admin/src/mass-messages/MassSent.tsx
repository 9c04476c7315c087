// The Mass Message dialog once sent: the message's delivery progress, live. Frames that come before the send's
// answer are kept and applied to it, and the message is read once more when the answer is in (nothing in between is
// lost).
import { useRef, useState } from 'react';
import { DialogContent, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useLiveQuery } from '../query';
import { useFrame } from '../realtime';
import { massApi, type MassMessageUpdated, type MassMessageView } from './api';
import { Progress, StatusChip } from './parts';
import { applyUpdate, audienceSummary, formatDelay } from './rules';

/** The sent message as shown (null before sending); `show` takes the send's answer, `clear` starts again. */
export function useSentMessage(open: boolean) {
  const [held, setSent] = useState<MassMessageView | null>(null);
  const early = useRef(new Map<string, MassMessageUpdated>());
  useFrame<MassMessageUpdated>(
    'MASS_MESSAGE_UPDATED',
    data => {
      early.current.set(data._id, data);
      setSent(s => (s ? applyUpdate([s], data)[0] : s));
    },
    open
  );
  const sentId = held?._id ?? null;
  const again = useLiveQuery(['mass-messages', 'one', sentId], signal => massApi.one(sentId ?? '', signal), { enabled: Boolean(sentId) }).data;
  // The read again wins when it is of this message and has got at least as far as the frames did.
  const sent = held && again && again._id === held._id && again.stats.delivered >= held.stats.delivered ? again : held;
  const show = (view: MassMessageView) => {
    const seen = early.current.get(view._id);
    setSent(seen && (seen.delivered ?? 0) >= view.stats.delivered ? applyUpdate([view], seen)[0] : view);
  };
  const clear = () => {
    early.current.clear();
    setSent(null);
  };
  return { sent, show, clear };
}

export function MassSentContent({ sent, stagger }: { sent: MassMessageView; stagger: { min: number; max: number } }) {
  return (
    <DialogContent dividers data-testid="mass-sent">
      <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 560 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CheckCircleIcon color="success" />
          <Typography>
            {sent.status === 'scheduled' ? `Scheduled for ${sent.scheduled_at ? new Date(sent.scheduled_at).toLocaleString() : 'later'}.` : 'Your mass message is on its way.'}
          </Typography>
          <StatusChip status={sent.status} />
        </Stack>
        <Progress delivered={sent.stats.delivered} recipients={sent.stats.recipients} status={sent.status} />
        <Typography variant="body2" color="text.secondary">
          {sent.audience ? `${sent.audience.label}: ${sent.stats.recipients ? `${sent.stats.recipients} fans` : 'found when it goes out'}.` : audienceSummary(sent.send_to, sent.new_user_message_delay, formatDelay(sent.delay_by_hours), sent.scheduled_at, stagger)} You can follow and cancel it
          under Manage mass messages.
        </Typography>
      </Stack>
    </DialogContent>
  );
}
