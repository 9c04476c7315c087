// /links and /more-links (contents not in the spec): the creator's custom links for this
// visitor, the site's own pages the menu settings allow, and the legal pages. /more-links is the phone's "More" tab.
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import { useAuth } from '../auth';
import { isExternal, useMenuLinks } from './menu';

const SITE_ITEMS: Record<string, { label: string; to: string }> = {
  tips: { label: 'Tips', to: '/tips' },
  chat: { label: 'Chat', to: '/chat' },
  gallery: { label: 'Gallery', to: '/gallery' },
  shop: { label: 'Shop', to: '/shop' },
};

export default function LinksPage({ more = false }: { more?: boolean }) {
  const { settings, token } = useAuth();
  const { links, items } = useMenuLinks();
  const shell = settings?.shell;
  const site = [
    ...(more ? [{ label: 'Membership', to: token ? '/membership' : '/join' }] : []),
    ...items.filter((i) => i in SITE_ITEMS).map((i) => SITE_ITEMS[i]),
  ];
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 } }} data-testid={more ? 'more-links-page' : 'links-page'}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 32 }, mb: 1 }}>
        {more ? 'More' : (shell?.links_page_title ?? 'Links')}
      </Typography>
      {!more && shell?.links_page_description && <Typography color="text.secondary" sx={{ mb: 2 }}>{shell.links_page_description}</Typography>}
      <Paper variant="outlined" sx={{ mt: 2 }}>
        <List disablePadding>
          {links.length > 0 && <ListSubheader disableSticky>Links</ListSubheader>}
          {links.map((l) =>
            isExternal(l.url) || l.open_in_new_tab ? (
              <ListItemButton key={l.id} component="a" href={l.url} target={l.open_in_new_tab ? '_blank' : undefined} rel="noopener noreferrer" data-testid="links-custom">
                <ListItemText primary={l.name} />
                {l.open_in_new_tab && <OpenInNewRounded fontSize="small" aria-label="opens in a new tab" />}
              </ListItemButton>
            ) : (
              <ListItemButton key={l.id} component={RouterLink} to={l.url} data-testid="links-custom">
                <ListItemText primary={l.name} />
              </ListItemButton>
            ),
          )}
          {site.length > 0 && <ListSubheader disableSticky>On this site</ListSubheader>}
          {site.map((s) => (
            <ListItemButton key={s.to} component={RouterLink} to={s.to}>
              <ListItemText primary={s.label} />
            </ListItemButton>
          ))}
          <ListSubheader disableSticky>Help and legal</ListSubheader>
          {(shell?.footer_links ?? []).map((f) => (
            <ListItemButton key={f.slug} component={RouterLink} to={`/${f.slug}`} data-testid={`links-page-${f.slug}`}>
              <ListItemText primary={f.title} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
    </Box>
  );
}
