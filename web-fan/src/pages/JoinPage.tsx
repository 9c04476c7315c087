// /join: what "Membership" shows a guest — the creator and the membership offer with its price,
// sign up or log in; /membership itself needs an account. A signed-in visitor goes on to /membership.
// With a subscription link (/join?offer=…) the page shows the link's price once the server checked it
// (or its refusal: changed, expired); the offer is kept for the sign-up and the subscribe page, where it is charged.
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LocalOfferRounded from '@mui/icons-material/LocalOfferRounded';
import type { SubscriptionLinkOffer } from '../../../domain/console/admin-tools-wire';
import { formatMoney } from '../../../domain/shared/money';
import { useAuth, useModelName } from '../auth';
import { ApiError } from '../api';
import { Column } from '../components/StatusViews';
import { CreatorHeader } from '../components/CreatorHeader';
import { SubscribeCard } from '../components/HeroBanner';
import { checkOffer, forgetOffer, rememberOffer } from '../membership/subscriptionLink';
import { shortDate } from '../format';

export default function JoinPage() {
  const { token } = useAuth();
  const { search } = useLocation();
  const offer = rememberOffer(search);
  // Signed in: the subscribe page charges the offer (kept for this tab); without one, the membership page.
  if (token) return <Navigate to={offer ? '/subscribe' : '/membership'} replace />;
  return (
    <Column>
      <Typography variant="h5" component="h1" sx={{ mb: 1.5, mx: { xs: 2, sm: 0 } }}>
        Membership
      </Typography>
      <CreatorHeader subscribe={false} />
      {offer ? <OfferBanner offer={offer} /> : null}
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

function OfferBanner({ offer }: { offer: string }) {
  const modelName = useModelName();
  const query = useQuery({
    queryKey: ['subscription-link', offer],
    queryFn: async ({ signal }) => {
      try {
        return (await checkOffer(offer, signal)).data;
      } catch (e) {
        // A link that cannot be used is not kept for the sign-up.
        if (!signal.aborted) forgetOffer();
        throw e;
      }
    },
  });
  const state: { offer: SubscriptionLinkOffer } | { error: string } | null = query.data
    ? { offer: query.data }
    : query.isError
      ? { error: query.error instanceof ApiError ? query.error.message : 'This subscription link could not be checked. Please try again.' }
      : null;
  if (!state) return null;
  if ('error' in state)
    return (
      <Alert severity="warning" sx={{ mx: { xs: 1.5, sm: 0 }, mb: 2 }} data-testid="join-offer-refused">
        {state.error}
      </Alert>
    );
  const o = state.offer;
  return (
    <Paper variant="outlined" sx={{ mx: { xs: 1.5, sm: 0 }, mb: 2, p: 2, display: 'flex', gap: 1.5, alignItems: 'center', borderColor: 'secondary.main', borderRadius: 2 }} data-testid="join-offer">
      <LocalOfferRounded color="secondary" aria-hidden />
      <div>
        <Typography sx={{ fontWeight: 700 }} data-testid="join-offer-price">
          {o.initial_cents === 0 ? 'Free' : formatMoney(o.initial_cents)} for your first month{o.recurring_cents !== o.initial_cents ? `, then ${formatMoney(o.recurring_cents)} / month` : ', then the same each month'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          A special offer from {modelName}. Sign up before {shortDate(o.expires_at)} to get it.
        </Typography>
      </div>
    </Paper>
  );
}
