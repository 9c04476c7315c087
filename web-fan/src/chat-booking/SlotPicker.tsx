// The open slots grouped by day in the fan's time zone: each day a heading and its start times as buttons; the
// picked one is filled. Loading shows placeholders, no slots an empty state.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import EventBusyRounded from '@mui/icons-material/EventBusyRounded';
import { dayLabel, groupSlotsByDay, type LocalSlot } from '../../../web-shared/chat-booking/slots';
import { EmptyState } from '../components/StatusViews';

export function SlotPicker({ slots, loading, picked, onPick }: { slots: LocalSlot[] | undefined; loading: boolean; picked: LocalSlot | null; onPick: (s: LocalSlot) => void }) {
  if (loading || !slots) {
    return (
      <Box data-testid="slots-loading" aria-busy>
        {[0, 1].map((i) => (
          <Box key={i} sx={{ mb: 3 }}>
            <Skeleton width={180} height={28} />
            <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
              {[0, 1, 2, 3].map((j) => <Skeleton key={j} variant="rounded" width={92} height={40} />)}
            </Box>
          </Box>
        ))}
      </Box>
    );
  }
  if (!slots.length) {
    return (
      <Box data-testid="slots-empty">
        <EmptyState title="No open slots right now" icon={<EventBusyRounded />}>
          <Typography variant="body2" color="text.secondary">New times show here as soon as the creator opens them.</Typography>
        </EmptyState>
      </Box>
    );
  }
  return (
    <Box data-testid="slot-days">
      {groupSlotsByDay(slots).map((day) => (
        <Box key={day.date} component="section" aria-label={dayLabel(day.date)} sx={{ mb: 3 }} data-testid="slot-day" data-date={day.date}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {dayLabel(day.date)}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))', gap: 1 }}>
            {day.slots.map((s) => {
              const on = picked?.start === s.start;
              return (
                <Button
                  key={s.start}
                  variant={on ? 'contained' : 'outlined'}
                  aria-pressed={on}
                  onClick={() => onPick(s)}
                  data-testid="slot"
                  data-start={s.start}
                  sx={{ fontVariantNumeric: 'tabular-nums', py: 1 }}
                >
                  {s.start_time}
                </Button>
              );
            })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
