// The site's footer: the social and payment-card icons, the footer links, and the creator's footer HTML (loaded
// after the shell) or the copyright line. The landing page shows it too.
import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useAuth, useModelName } from '../auth';
import { SocialIcons } from '../components/SocialIcons';
import { PaymentIcons } from '../components/PaymentIcons';
import FooterLinks from './FooterLinks';

// The footer HTML shows only when the creator wrote one: it loads after the shell instead of with it.
const FooterHtml = lazy(() => import('./FooterHtml'));

/** Custom footer HTML or the copyright line, with the social and payment-card icons. */
export function Footer() {
  const { settings } = useAuth();
  const modelName = useModelName();
  const html = settings?.footer_text_html ?? '';
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', py: 3, px: 2, textAlign: 'center', color: 'text.secondary', fontSize: 14, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}
      data-testid="footer"
    >
      <SocialIcons links={settings?.social_links} size="small" testId="footer-social-icons" />
      <PaymentIcons brands={settings?.payment_icons} testId="footer-payment-icons" />
      <FooterLinks />
      {html ? (
        <Suspense fallback={<Skeleton variant="text" width={240} aria-label="Loading footer" />}>
          <FooterHtml html={html} />
        </Suspense>
      ) : (
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} {modelName}. All rights reserved.
        </Typography>
      )}
    </Box>
  );
}
