// The feed's tag filter: 'All' plus one chip per tag (POST /api/feed-tags/); counts appear only when the server
// sends them (staff who manage tags). The filter is optional: a failed read shows no chips and the feed works.
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { FeedTagList } from '../../../domain/feed-tag/feed-tag';
import { api } from '../api';

export function FeedTagChips({ selected, onSelect }: { selected: string | null; onSelect: (id: string | null) => void }) {
  const query = useQuery({ queryKey: ['feed-tags'], queryFn: async () => (await api.post<FeedTagList>('/api/feed-tags/', {})).data?.feed_tags ?? [] });
  const tags = query.data ?? [];
  if (tags.length === 0) return null;
  const chip = (id: string | null, label: string) => (
    <Chip
      key={id ?? 'all'}
      label={label}
      clickable
      color={selected === id ? 'primary' : 'default'}
      variant={selected === id ? 'filled' : 'outlined'}
      onClick={() => onSelect(id)}
      aria-pressed={selected === id}
      data-testid={id ? `feed-tag-${id}` : 'feed-tag-all'}
    />
  );
  return (
    <Box
      role="group"
      aria-label="Filter posts by tag"
      data-testid="feed-tag-filter"
      sx={{ display: 'flex', gap: 1, mb: { xs: 1.5, sm: 2 }, mx: { xs: 1.5, sm: 0 }, overflowX: 'auto', pb: 0.5, flexWrap: { xs: 'nowrap', sm: 'wrap' } }}
    >
      {chip(null, 'All')}
      {tags.map((t) => chip(t._id, t.count === undefined ? t.name : `${t.name} (${t.count})`))}
    </Box>
  );
}
