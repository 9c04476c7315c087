// The landing page's navbar: the creator's avatar and name, Log In / Sign Up (labels from the settings) or Go to feed,
// the social links; below 767 px a side menu with the same links.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import MenuRounded from '@mui/icons-material/MenuRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import type { Theme3Settings } from '../../../domain/settings/landing';
import { useAuth } from '../auth';
import { SocialIcons, hasSocialLinks } from '../components/SocialIcons';
import { DESKTOP, MOBILE, readableOn, type Look } from './landingLook';

export function LandingNav({ t, look }: { t: Theme3Settings; look: Look }) {
  const { token } = useAuth();
  const [open, setOpen] = useState(false);
  const initials = (t.first_name.slice(0, 1) + t.last_name.slice(0, 1)).toUpperCase() || t.model_name.slice(0, 1).toUpperCase();
  const brand = (
    <Box component={RouterLink} to={token ? '/' : '/landing'} sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color: 'inherit', textDecoration: 'none', minWidth: 0 }} data-testid="landing-brand">
      <Avatar src={t.model_avatar_url ?? undefined} alt="" sx={{ width: 36, height: 36, bgcolor: look.accent, color: readableOn(look.accent, '#ffffff'), fontWeight: 700, fontSize: 15 }}>
        {initials}
      </Avatar>
      <Typography component="span" noWrap sx={{ fontFamily: look.heading, fontWeight: 800, fontSize: { xs: 18, sm: 20 } }}>
        {t.model_name}
      </Typography>
    </Box>
  );
  const links = token
    ? [{ to: '/', label: 'Go to feed', testId: 'landing-nav-feed', primary: true }]
    : [
        { to: '/login', label: t.log_in_navbar_name, testId: 'landing-nav-login', primary: false },
        { to: '/register', label: t.sign_up_navbar_name, testId: 'landing-nav-register', primary: true },
      ];
  return (
    <AppBar
      position="sticky"
      elevation={0}
      color="inherit"
      sx={{ bgcolor: alpha(look.bg, 0.86), color: look.text, backdropFilter: 'saturate(180%) blur(12px)', borderBottom: `1px solid ${alpha(look.text, 0.1)}` }}
    >
      <Toolbar sx={{ minHeight: 64, maxWidth: 1200, width: '100%', mx: 'auto', px: { xs: 2, sm: 3 }, gap: 1 }}>
        {brand}
        <Box sx={{ flex: 1 }} />
        <Box component="nav" aria-label="Main" sx={{ display: 'flex', alignItems: 'center', gap: 1, [MOBILE]: { display: 'none' } }} data-testid="landing-nav-desktop">
          {hasSocialLinks(t.social_links) && <SocialIcons links={t.social_links} size="small" testId="landing-nav-social" />}
          {links.map((l) => (
            <Button
              key={l.to}
              component={RouterLink}
              to={l.to}
              variant={l.primary ? 'contained' : 'text'}
              data-testid={l.testId}
              sx={l.primary ? { whiteSpace: 'nowrap' } : { color: 'inherit', whiteSpace: 'nowrap' }}
            >
              {l.label}
            </Button>
          ))}
        </Box>
        <IconButton
          aria-label="Open menu"
          aria-controls="landing-menu"
          aria-expanded={open}
          onClick={() => setOpen(true)}
          data-testid="landing-menu-button"
          sx={{ color: 'inherit', [DESKTOP]: { display: 'none' } }}
        >
          <MenuRounded />
        </IconButton>
      </Toolbar>
      <Drawer
        id="landing-menu"
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { width: 280, maxWidth: '85vw', bgcolor: look.bg, color: look.text, backgroundImage: 'none' }, 'data-testid': 'landing-menu' } as object }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
          <Typography sx={{ fontFamily: look.heading, fontWeight: 800, flex: 1 }} noWrap>
            {t.model_name}
          </Typography>
          <IconButton aria-label="Close menu" onClick={() => setOpen(false)} sx={{ color: 'inherit' }}>
            <CloseRounded />
          </IconButton>
        </Box>
        <Divider sx={{ borderColor: alpha(look.text, 0.12) }} />
        <List component="nav" aria-label="Main">
          {links.map((l) => (
            <ListItemButton key={l.to} component={RouterLink} to={l.to} onClick={() => setOpen(false)} data-testid={`${l.testId}-mobile`} sx={{ py: 1.5 }}>
              <ListItemText primary={l.label} slotProps={{ primary: { sx: { fontWeight: 700, fontSize: 17, color: l.primary ? look.accent : 'inherit' } } }} />
            </ListItemButton>
          ))}
        </List>
        {hasSocialLinks(t.social_links) && (
          <>
            <Divider sx={{ borderColor: alpha(look.text, 0.12) }} />
            <Box sx={{ p: 2 }}>
              <SocialIcons links={t.social_links} justify="flex-start" testId="landing-menu-social" />
            </Box>
          </>
        )}
      </Drawer>
    </AppBar>
  );
}
