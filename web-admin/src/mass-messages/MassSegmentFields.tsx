// The mass message's audience by behaviour: the numbers of "top spenders" (top N, a minimum spent, the last N days),
// the post of "bought / never bought this post", the tier of "members of a tier and above", and how many fans the chosen audience reaches now (the count the
// server gives from the same query delivery runs).
import { useEffect, useState } from 'react';
import { Chip, MenuItem, Stack, TextField } from '@mui/material';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import { useGetList } from 'react-admin';
import type { AdminPostRecord } from '../../../domain/post/wire';
import { ApiRequestError } from '../api';
import { useLimitTiers } from '../posts/WhoCanSee';
import { massApi, type Audience } from './api';
import { segmentBody, type SegmentChoice, type SegmentInput } from './audienceRules';

const numberField = { htmlInput: { inputMode: 'decimal' as const } };

export function SegmentFields({ segment, value, onChange, disabled }: { segment: SegmentChoice; value: SegmentInput; onChange: (v: Partial<SegmentInput>) => void; disabled: boolean }) {
  const needsPost = segment === 'bought_post' || segment === 'not_bought_post';
  const posts = useGetList<AdminPostRecord>('posts', { pagination: { page: 1, perPage: 100 }, sort: { field: 'publish_at', order: 'DESC' } }, { enabled: needsPost });
  if (segment === 'top_spenders')
    return (
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} data-testid="segment-top-spenders">
        <TextField size="small" label="Top" placeholder="e.g. 10" value={value.top} onChange={e => onChange({ top: e.target.value })} disabled={disabled} helperText="How many fans" slotProps={{ ...numberField, htmlInput: { ...numberField.htmlInput, 'data-testid': 'segment-top' } }} />
        <TextField size="small" label="Or spent ≥ $" placeholder="e.g. 50" value={value.minSpent} onChange={e => onChange({ minSpent: e.target.value })} disabled={disabled} slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'segment-min-spent' } }} />
        <TextField size="small" label="In the last (days)" value={value.days} onChange={e => onChange({ days: e.target.value })} disabled={disabled} slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'segment-days' } }} />
      </Stack>
    );
  if (segment === 'tier') return <TierField value={value.tierId} onChange={tierId => onChange({ tierId })} disabled={disabled} />;
  if (needsPost) {
    const list = (posts.data ?? []).filter(p => p.visibility === 'locked' || p.price_cents > 0);
    return (
      <TextField
        select
        size="small"
        fullWidth
        label="Post"
        value={list.some(p => p.id === value.postId) ? value.postId : ''}
        onChange={e => onChange({ postId: e.target.value })}
        disabled={disabled || posts.isPending}
        helperText={posts.isPending ? 'Loading posts…' : list.length ? 'A locked post; buyers of any version of it count as buyers.' : 'No locked posts yet.'}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } }, htmlInput: { 'data-testid': 'segment-post' } }}
      >
        {list.map(p => (
          <MenuItem key={p.id} value={p.id} data-testid="segment-post-option">
            {(p.caption || 'Untitled post').slice(0, 60)} · ${(p.price_cents / 100).toFixed(2)}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return null;
}

function TierField({ value, onChange, disabled }: { value: string; onChange: (tierId: string) => void; disabled: boolean }) {
  const tiers = useLimitTiers();
  return (
    <TextField
      select
      size="small"
      fullWidth
      label="Audience tier"
      value={tiers.some(t => t.id === value) ? value : ''}
      onChange={e => onChange(e.target.value)}
      disabled={disabled}
      helperText="Its members and the members of every higher tier, by their tier when it goes out."
      slotProps={{ htmlInput: { 'data-testid': 'segment-tier' } }}
    >
      {tiers.map(t => (
        <MenuItem key={t.id} value={t.id} data-testid={`segment-tier-${t.name}`}>
          {t.name} and above
        </MenuItem>
      ))}
    </TextField>
  );
}

/** "Reaches N fans now", read again (after a short pause) whenever the audience changes. */
export function AudienceCount({ audience, segment, value }: { audience: Audience; segment: SegmentChoice; value: SegmentInput }) {
  const [state, setState] = useState<{ count: number | null; label: string; error: string | null }>({ count: null, label: '', error: null });
  const body = segmentBody(segment, value);
  const key = JSON.stringify([audience, body]);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      if (body === null) {
        setState({ count: null, label: '', error: null });
        return;
      }
      massApi
        .count({ send_to: audience, ...(body ? { audience: body } : {}) }, controller.signal)
        .then(r => setState({ count: r.count, label: r.label, error: null }))
        .catch(e => {
          if (!controller.signal.aborted) setState({ count: null, label: '', error: e instanceof ApiRequestError ? e.message : 'The audience could not be counted.' });
        });
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for audience and body
  }, [key]);
  // Nothing to count until the post or tier is chosen: said at once, not after the last count's answer is cleared.
  const text = body === null
    ? `Choose the ${segment === 'tier' ? 'tier' : 'post'} to see who it reaches.`
    : state.error ?? (state.count === null ? 'Counting…' : `Reaches ${state.count.toLocaleString()} ${state.count === 1 ? 'fan' : 'fans'} now`);
  return (
    <Chip
      icon={<GroupsOutlinedIcon />}
      color={body === null ? 'default' : state.error ? 'error' : state.count ? 'primary' : 'default'}
      variant="outlined"
      label={text}
      title={state.label}
      data-testid="mass-audience-count"
      data-count={state.count ?? ''}
      sx={{ alignSelf: 'flex-start', maxWidth: '100%' }}
    />
  );
}
