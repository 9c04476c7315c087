// /join: what "Membership" shows a guest (issue 11 item 18) — the creator and the membership offer with its price,
// sign up or log in; /membership itself needs an account. A signed-in visitor goes on to /membership.
import { Link as RouterLink, Navigate } from 'react-router-dom';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useAuth } from '../auth';
import { Column } from '../components/StatusViews';
import { CreatorHeader } from '../components/CreatorHeader';
import { SubscribeCard } from '../components/HeroBanner';

export default function JoinPage() {
  const { token } = useAuth();
  if (token) return <Navigate to="/membership" replace />;
  return (
    <Column>
      <Typography variant="h5" component="h1" sx={{ mb: 1.5, mx: { xs: 2, sm: 0 } }}>
        Membership
      </Typography>
      <CreatorHeader />
      <SubscribeCard />
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 1 }} data-testid="join-login">
        Already a member?{' '}
        <Link component={RouterLink} to="/login">
          Log in
        </Link>
      </Typography>
    </Column>
  );
}
