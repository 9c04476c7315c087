import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import { useAuth, useIsProxy, useModelName } from '../auth';
import { isMember, money, shortDate } from '../format';
import { useNotify } from '../notify';
import { Column } from '../components/StatusViews';
import { usePaymentFlow } from '../payments/usePaymentFlow';

const PERKS = ['Every private post and gallery', 'Unlock locked posts whenever you like', 'Renews monthly, billed in USD'];

export default function SubscribePage() {
  const { me, settings, refresh } = useAuth();
  const modelName = useModelName();
  const navigate = useNavigate();
  const notify = useNotify();
  const flow = usePaymentFlow();
  const proxy = useIsProxy();
  const [done, setDone] = useState(false);

  const initial = settings?.membership_price ?? null;
  const recurring = settings?.recurring_membership_price ?? null;
  const priceLine =
    initial !== null && recurring !== null
      ? initial === recurring
        ? `${money(recurring)} / month`
        : `${money(initial)} today, then ${money(recurring)} / month`
      : null;

  const subscribe = () =>
    flow.start({
      endpoint: '/api/v2/purchase/subscription',
      body: {},
      submitLabel: initial !== null ? `Pay ${money(initial)}` : 'Subscribe',
      summary: priceLine ? `Membership: ${priceLine}` : undefined,
      onAccepted: ({ position }) => {
        setDone(true);
        notify('Thank you for subscribing', 'success');
        void refresh(position)
          .catch(() => undefined)
          .finally(() => navigate('/', { replace: true }));
      },
    });

  if (isMember(me) && !done) {
    return (
      <Column width={520}>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, mx: { xs: 1.5, sm: 0 }, borderRadius: 3, textAlign: 'center' }} data-testid="already-subscribed">
          <CheckCircleRounded color="success" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
          <Typography variant="h5" component="h1" gutterBottom>
            You are subscribed
          </Typography>
          <Typography color="text.secondary">
            Your membership is active{me?.next_billing_date ? `; next billing on ${shortDate(me.next_billing_date)}` : ''}.
          </Typography>
          <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 3 }}>
            Go to the feed
          </Button>
        </Paper>
      </Column>
    );
  }

  return (
    <Column width={520}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, mx: { xs: 1.5, sm: 0 }, borderRadius: 3 }} data-testid="plan-card">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <Avatar src={settings?.model_avatar_url ?? undefined} alt="" sx={{ width: 56, height: 56, bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700 }}>
            {modelName.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box>
            <Typography variant="overline" color="text.secondary">
              Membership
            </Typography>
            <Typography variant="h5" component="h1" sx={{ lineHeight: 1.2 }}>
              Subscribe to {modelName}
            </Typography>
          </Box>
        </Box>
        {done ? (
          <Typography variant="h6" role="status" sx={{ my: 3, textAlign: 'center' }} data-testid="subscribe-thanks">
            Thank you for subscribing
          </Typography>
        ) : (
          <>
            {priceLine ? (
              <Typography variant="h6" component="p" sx={{ fontWeight: 700 }} data-testid="plan-price">
                {priceLine}
              </Typography>
            ) : (
              <Typography color="text.secondary">Prices are loading…</Typography>
            )}
            <Divider sx={{ my: 2 }} />
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {PERKS.map((perk) => (
                <Box component="li" key={perk} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <CheckCircleRounded color="primary" fontSize="small" aria-hidden />
                  <Typography variant="body2">{perk}</Typography>
                </Box>
              ))}
            </Box>
            {proxy ? (
              <Typography color="text.secondary" sx={{ mt: 3 }} data-testid="proxy-no-purchase">
                Purchases are not available while viewing the site as a fan.
              </Typography>
            ) : (
              <Button
                variant="contained"
                size="large"
                fullWidth
                sx={{ mt: 3 }}
                onClick={() => void subscribe()}
                disabled={flow.busy || !settings}
                data-testid="subscribe-button"
                startIcon={flow.busy ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                Subscribe
              </Button>
            )}
          </>
        )}
      </Paper>
      {flow.elements}
    </Column>
  );
}
