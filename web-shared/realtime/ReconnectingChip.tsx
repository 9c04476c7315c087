// The "Reconnecting…" chip both apps show in their top bar while the socket is down (only then: it fades out once
// the connection is live again). Each app gives its own icon and the look that fits its bar.
import type { ReactElement } from 'react';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Fade from '@mui/material/Fade';
import type { LiveState } from './store';

export interface ReconnectingChipProps {
  state: LiveState;
  icon: ReactElement;
  variant?: ChipProps['variant'];
  /** The app's colours and spacing; the icon's margins and the label hidden on phones are the same in both. */
  sx: Record<string, unknown>;
}

export function ReconnectingChip({ state, icon, variant, sx }: ReconnectingChipProps) {
  return (
    <Fade in={state === 'reconnecting'} unmountOnExit>
      <Chip
        role="status"
        aria-label="Reconnecting…"
        data-testid="live-reconnecting"
        size="small"
        variant={variant}
        icon={icon}
        label="Reconnecting…"
        sx={{
          flexShrink: 0,
          ...sx,
          '& .MuiChip-icon': { color: 'inherit', ml: { xs: '5px', sm: '4px' }, mr: { xs: '5px', sm: '-4px' } },
          '& .MuiChip-label': { display: { xs: 'none', sm: 'block' } },
        }}
      />
    </Fade>
  );
}
