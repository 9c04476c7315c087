// Custom menu links in the top bar: the visitor's links, a new tab when the
// creator chose it; on narrow screens they live on /more-links (the bottom navigation's More tab).
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { isExternal, useMenuLinks } from './menu';

const MAX_IN_BAR = 3;

export default function CustomMenuNav() {
  const { links } = useMenuLinks();
  if (!links.length) return null;
  const shown = links.slice(0, MAX_IN_BAR);
  return (
    <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }} data-testid="custom-menu-links">
      {shown.map((l) => {
        const common = { color: 'inherit' as const, sx: { color: 'text.secondary', borderRadius: 2, maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' }, 'data-testid': 'custom-menu-link' };
        return isExternal(l.url) || l.open_in_new_tab ? (
          <Button key={l.id} {...common} component="a" href={l.url} target={l.open_in_new_tab ? '_blank' : undefined} rel="noopener noreferrer">{l.name}</Button>
        ) : (
          <Button key={l.id} {...common} component={RouterLink} to={l.url}>{l.name}</Button>
        );
      })}
      {links.length > MAX_IN_BAR && <Button component={RouterLink} to="/links" color="inherit" sx={{ color: 'text.secondary', borderRadius: 2 }}>More</Button>}
    </Box>
  );
}
