// The publisher's top bar over the video: LIVE badge, timer, viewer count (opens 'Live Stream Viewers'), the tip
// total (only above 0), the partner's name, overlay darkness, the camera flip on phones, END (group) / END LIVE
// (one-to-one) and close.
import { Box, Button, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import Brightness6Icon from '@mui/icons-material/Brightness6';
import CameraswitchIcon from '@mui/icons-material/Cameraswitch';
import CloseIcon from '@mui/icons-material/Close';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { formatElapsed } from '../../../domain/live-client/rules';
import { formatMoney } from '../../../domain/shared/money';
import { glass } from './glass';

export interface PublisherTopBarProps {
  isGroup: boolean;
  partnerName?: string;
  onAir: boolean;
  elapsed: number;
  viewers: number;
  tipTotalCents: number;
  darkness: number;
  phone: boolean;
  onViewers: () => void;
  onDarker: () => void;
  onFlip: () => void;
  onEnd: () => void;
  onClose: () => void;
}

export function PublisherTopBar({ isGroup, partnerName, onAir, elapsed, viewers, tipTotalCents, darkness, phone, onViewers, onDarker, onFlip, onEnd, onClose }: PublisherTopBarProps) {
  return (
    <Box sx={{ position: 'absolute', top: 0, left: 0, right: 0, p: { xs: 1, sm: 1.5 }, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', background: 'linear-gradient(rgba(0,0,0,.55), transparent)' }}>
      {onAir ? <Chip label="LIVE" size="small" data-testid="live-badge" sx={{ bgcolor: '#e53935', color: '#fff', fontWeight: 800, letterSpacing: '.06em', borderRadius: 1 }} /> : null}
      {onAir ? <Chip label={formatElapsed(elapsed)} size="small" data-testid="live-timer" sx={{ ...glass, fontVariantNumeric: 'tabular-nums' }} /> : null}
      {onAir ? (
        <Button size="small" startIcon={<VisibilityIcon fontSize="small" />} onClick={onViewers} aria-label={`${viewers} watching. Show the viewers`} data-testid="live-viewers-button" sx={{ ...glass, minWidth: 0, px: 1.25, borderRadius: 4 }}>
          <span data-testid="live-viewer-count">{viewers}</span>
        </Button>
      ) : null}
      {tipTotalCents > 0 ? <Chip label={`Tips ${formatMoney(tipTotalCents)}`} size="small" data-testid="live-tip-total" sx={{ bgcolor: 'rgba(46,125,50,0.9)', color: '#fff', fontWeight: 700 }} /> : null}
      <Typography noWrap sx={{ color: '#fff', fontWeight: 600, flex: 1, minWidth: 80, textShadow: '0 1px 2px #000' }} data-testid="live-partner">
        {partnerName ?? (isGroup ? 'Group live' : '')}
      </Typography>
      <Tooltip title={darkness ? `Overlay ${darkness}%` : 'Darken the overlay'}>
        <IconButton onClick={onDarker} aria-label="Overlay darkness" data-testid="publisher-darkness-button" sx={glass}>
          <Brightness6Icon />
        </IconButton>
      </Tooltip>
      {phone ? (
        <Tooltip title="Flip camera">
          <IconButton
            onClick={onFlip}
            aria-label="Flip camera"
            data-testid="publisher-flip"
            sx={glass}
          >
            <CameraswitchIcon />
          </IconButton>
        </Tooltip>
      ) : null}
      {onAir ? (
        <Button variant="contained" color="error" onClick={onEnd} data-testid="publisher-end" sx={{ fontWeight: 800 }}>
          {isGroup ? 'END' : 'END LIVE'}
        </Button>
      ) : null}
      <Tooltip title="Close">
        <IconButton onClick={onClose} aria-label="Close the live stream" data-testid="publisher-close" sx={glass}>
          <CloseIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
