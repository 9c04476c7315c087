// The footer's page links: the legal pages, the creator's footer pages and, when switched
// on, /like-the-website. They follow the settings live (SETTINGS_UPDATED reloads them).
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useAuth } from '../auth';

export default function FooterLinks() {
  const { settings } = useAuth();
  const links = settings?.shell?.footer_links ?? [];
  if (!links.length) return null;
  return (
    <Box component="nav" aria-label="Legal and help" data-testid="footer-links" sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 2, rowGap: 1, maxWidth: 900 }}>
      {links.map((l) => (
        <Link key={l.slug} component={RouterLink} to={`/${l.slug}`} color="text.secondary" underline="hover" sx={{ fontSize: 13, py: 0.5 }} data-testid={`footer-link-${l.slug}`}>
          {l.title}
        </Link>
      ))}
    </Box>
  );
}
