import { Box, Chip } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import BadgeIcon from '@mui/icons-material/Badge';
import type { AdminUserRecord } from '../../../domain/user/wire';

/** Row chips: blocked, complimentary subscription, photo-ID override. Nothing when none applies. */
export function UserFlagChips({ record }: { record: Pick<AdminUserRecord, 'blocked' | 'complimentary' | 'photo_id_override'> }) {
  if (!record.blocked && !record.complimentary && !record.photo_id_override) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
      {record.blocked ? <Chip component="span" size="small" color="error" icon={<BlockIcon />} label="Blocked" data-testid="chip-blocked" /> : null}
      {record.complimentary ? (
        <Chip component="span" size="small" color="secondary" variant="outlined" icon={<CardGiftcardIcon />} label="Complimentary" data-testid="chip-complimentary" />
      ) : null}
      {record.photo_id_override ? (
        <Chip component="span" size="small" color="info" variant="outlined" icon={<BadgeIcon />} label="Photo ID override" data-testid="chip-photo-id" />
      ) : null}
    </Box>
  );
}
