// /admin/settings: every settings page the role may open, grouped by area, searchable by page name and by the
// names and labels of the settings on it. Drawn from the registry; ?q= and ?group= make a search or a
// group linkable (the menu's group entries use ?group=).
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Avatar, Box, Card, CardContent, Chip, InputAdornment, List, ListItemButton, ListItemText, Stack, TextField, Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { Title, useBasename, usePermissions } from 'react-admin';
import { buildFieldDefs } from './fields';
import { searchPages, SETTINGS_GROUPS, pathOf, type SettingsPageEntry } from './registry';
import { GROUP_ICONS, settingsPagesFor } from './menu';

export function SettingsIndex() {
  const { permissions } = usePermissions();
  // Links inside the console carry react-admin's basename (/admin): a bare /settings/… leaves the console.
  const basename = useBasename();
  const [params, setParams] = useSearchParams();
  // The box holds what is typed and the address follows it: an input driven by the address alone loses keys
  // while the router catches up on a busy machine.
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const groupFilter = params.get('group');
  const defs = useMemo(buildFieldDefs, []);
  const labelsOf = (p: SettingsPageEntry) => (p.settings ?? []).map(k => defs.get(k)?.label ?? '').filter(Boolean);
  const mine = settingsPagesFor(permissions);
  const found = searchPages(mine, query, labelsOf).filter(p => !groupFilter || query || p.group === groupFilter);
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  /** The settings on a page that the search words name (shown under the page). */
  const matchedSettings = (p: SettingsPageEntry) =>
    words.length === 0
      ? []
      : (p.settings ?? []).map(k => defs.get(k)).filter(d => d && words.every(w => `${d.label} ${d.source}`.toLowerCase().includes(w))).map(d => d!.label);
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  useEffect(() => {
    if ((params.get('q') ?? '') !== query) set('q', query || null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);
  const groups = SETTINGS_GROUPS.map(g => ({ ...g, pages: found.filter(p => p.group === g.id) })).filter(g => g.pages.length > 0);

  return (
    <Box sx={{ mt: 2, mb: 4, minWidth: 0 }} data-testid="settings-index">
      <Title title="Settings" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            Settings
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {mine.length} pages. Search by page or by setting, e.g. “tip”, “font” or “feed_tags_enable”.
          </Typography>
        </Box>
        <TextField
          size="small"
          placeholder="Search settings"
          value={query}
          onChange={e => setQuery(e.target.value)}
          sx={{ width: { xs: '100%', sm: 340 } }}
          slotProps={{
            htmlInput: { 'aria-label': 'Search settings', 'data-testid': 'settings-search' },
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
          }}
        />
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Chip label="All" color={!groupFilter ? 'primary' : 'default'} variant={!groupFilter ? 'filled' : 'outlined'} onClick={() => set('group', null)} data-testid="settings-group-all" />
        {SETTINGS_GROUPS.filter(g => mine.some(p => p.group === g.id)).map(g => (
          <Chip
            key={g.id}
            label={g.label}
            color={groupFilter === g.id ? 'primary' : 'default'}
            variant={groupFilter === g.id ? 'filled' : 'outlined'}
            onClick={() => set('group', groupFilter === g.id ? null : g.id)}
            data-testid={`settings-group-${g.id}`}
          />
        ))}
      </Stack>
      {query ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="settings-search-count">
          {found.length === 0 ? 'No settings match your search.' : `${found.length} matching page${found.length === 1 ? '' : 's'}`}
        </Typography>
      ) : null}
      {/* Columns rather than a grid: the areas differ in length, so they flow like a masonry without gaps. */}
      <Box sx={{ columnCount: { xs: 1, md: 2, xl: 3 }, columnGap: 2 }}>
        {groups.map(g => {
          const Icon = GROUP_ICONS[g.id];
          return (
            <Card key={g.id} variant="outlined" sx={{ breakInside: 'avoid', mb: 2 }} data-testid={`settings-group-card-${g.id}`}>
              <CardContent sx={{ pb: '8px !important' }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
                  <Avatar variant="rounded" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', width: 36, height: 36 }}>
                    <Icon fontSize="small" />
                  </Avatar>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                      {g.label}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {g.description}
                    </Typography>
                  </Box>
                </Box>
                <List dense disablePadding>
                  {g.pages.map(p => {
                    const matched = matchedSettings(p);
                    return (
                      <ListItemButton key={p.slug} component={RouterLink} to={`${basename}${pathOf(p)}`} sx={{ borderRadius: 1, mx: -1 }} data-testid={`settings-link-${p.slug}`}>
                        <ListItemText
                          primary={p.title}
                          secondary={
                            <>
                              {p.description}
                              {matched.length ? (
                                <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                                  {matched.map(m => (
                                    <Chip key={m} label={m} size="small" variant="outlined" component="span" />
                                  ))}
                                </Box>
                              ) : null}
                            </>
                          }
                          slotProps={{ primary: { sx: { fontWeight: 500 } }, secondary: { component: 'span', sx: { display: 'block' } } }}
                        />
                      </ListItemButton>
                    );
                  })}
                </List>
              </CardContent>
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}
