// "Who can see" on the composer and the Edit Post dialog: every subscriber (the default) or the members of one tier
// and above ("VIP and above"). Shown once the creator has a tier besides the base one, and not for public posts.
// "Tier" on a locked chat or mass message (MessageTier) is the same choice: who may unlock it.
import { FormControl, FormHelperText, InputLabel, MenuItem, Select } from '@mui/material';
import { useGetList } from 'react-admin';
import type { AdminTierRecord } from '../../../domain/membership-plan/wire';
import type { PostVisibility } from '../../../domain/post/wire';

const EVERY = '';

/** The tiers a post may be limited to: every tier above the base one, lowest first. */
export function useLimitTiers(): AdminTierRecord[] {
  const { data } = useGetList<AdminTierRecord>('membership-tiers', { pagination: { page: 1, perPage: 50 }, sort: { field: 'rank', order: 'ASC' } }, { retry: false });
  return (data ?? []).filter(t => !t.is_base).sort((a, b) => a.rank - b.rank);
}

export function WhoCanSee({
  visibility,
  value,
  onChange,
  disabled,
  error,
}: {
  visibility: PostVisibility;
  value: string | null;
  onChange: (tierId: string | null) => void;
  disabled?: boolean;
  error?: string;
}) {
  const tiers = useLimitTiers();
  if (tiers.length === 0 || visibility === 'public') return null;
  const chosen = tiers.find(t => t.id === value);
  return (
    <FormControl fullWidth size="small" disabled={disabled} error={Boolean(error)}>
      <InputLabel id="who-can-see-label">Who can see</InputLabel>
      <Select
        labelId="who-can-see-label"
        label="Who can see"
        value={chosen ? chosen.id : EVERY}
        onChange={e => onChange(e.target.value === EVERY ? null : String(e.target.value))}
        data-testid="who-can-see"
      >
        <MenuItem value={EVERY}>Every subscriber</MenuItem>
        {tiers.map(t => (
          <MenuItem key={t.id} value={t.id} data-testid={`who-can-see-${t.name}`}>
            {t.name} and above
          </MenuItem>
        ))}
      </Select>
      <FormHelperText sx={{ mx: 0 }}>
        {error ?? (chosen ? `Members of lower tiers see the caption and "Upgrade to ${chosen.name}".` : 'Every member sees this post.')}
      </FormHelperText>
    </FormControl>
  );
}

/**
 * "Tier" beside a locked message's price (the chat's media composer, the mass message dialog): every fan who gets it
 * may unlock it (the default), or only the members of one tier and above. Shown once a tier besides the base one is
 * on offer.
 */
export function MessageTier({
  value,
  onChange,
  disabled,
  error,
  testId = 'message-tier',
}: {
  value: string | null;
  onChange: (tierId: string | null) => void;
  disabled?: boolean;
  error?: string;
  testId?: string;
}) {
  const tiers = useLimitTiers();
  if (tiers.length === 0) return null;
  const chosen = tiers.find(t => t.id === value);
  return (
    <FormControl fullWidth size="small" disabled={disabled} error={Boolean(error)}>
      <InputLabel id={`${testId}-label`}>Tier</InputLabel>
      <Select
        labelId={`${testId}-label`}
        label="Tier"
        value={chosen ? chosen.id : EVERY}
        onChange={e => onChange(e.target.value === EVERY ? null : String(e.target.value))}
        data-testid={testId}
      >
        <MenuItem value={EVERY}>Every subscriber</MenuItem>
        {tiers.map(t => (
          <MenuItem key={t.id} value={t.id} data-testid={`${testId}-${t.name}`}>
            {t.name} and above
          </MenuItem>
        ))}
      </Select>
      <FormHelperText sx={{ mx: 0 }}>
        {error ?? (chosen ? `Lower tiers see it locked with "Upgrade to ${chosen.name}".` : 'Every subscriber who gets it may unlock it.')}
      </FormHelperText>
    </FormControl>
  );
}
