import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CreditCardRounded from '@mui/icons-material/CreditCardRounded';
import type { SavedCardView } from '../../../domain/shared/wire';
import { api, errorMessage } from '../api';
import { useAuth, useIsProxy, useModelName } from '../auth';
import { isMember, money, shortDate } from '../format';
import { Column } from '../components/StatusViews';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1.25, flexWrap: 'wrap' }}>
      <Typography color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

const BRAND: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners_club: 'Diners Club',
  maestro: 'Maestro',
};

export default function MembershipPage() {
  const { me, settings } = useAuth();
  const proxy = useIsProxy();
  const modelName = useModelName();
  const [cards, setCards] = useState<SavedCardView[] | null>(null);
  const [cardsError, setCardsError] = useState('');

  useEffect(() => {
    const ctrl = new AbortController();
    api
      .get<SavedCardView[]>('/api/ccbill/get-payment-card', undefined, ctrl.signal)
      .then(({ data }) => setCards(data ?? []))
      .catch((err) => {
        if ((err as Error)?.name !== 'AbortError') setCardsError(errorMessage(err));
      });
    return () => ctrl.abort();
  }, []);

  const active = isMember(me);
  const lapsed = me?.ccbillSubscriptionStatus === '1' && !active;
  const primary = cards?.find((c) => c.is_primary) ?? cards?.[0];

  return (
    <Column width={560}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, mx: { xs: 1.5, sm: 0 }, borderRadius: 3 }} data-testid="membership-card">
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1">
            Membership
          </Typography>
          <Chip
            label={active ? 'Active' : lapsed ? 'Expired' : 'Not subscribed'}
            color={active ? 'success' : 'default'}
            variant={active ? 'filled' : 'outlined'}
            data-testid="membership-status"
            data-active={active ? 'true' : 'false'}
          />
        </Box>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {active
            ? `You are a member of ${modelName}'s club.`
            : `Subscribe to see every private post from ${modelName}.`}
        </Typography>
        <Divider sx={{ my: 2 }} />
        <Box component="dl" sx={{ m: 0 }}>
          {me && (me.expiration_date || active || lapsed) && (
            <Row label={lapsed ? 'Expired on' : 'Access until'} testId="membership-expiration">
              {shortDate(me.expiration_date) || '—'}
            </Row>
          )}
          {active && (
            <Row label="Next billing date" testId="membership-next-billing">
              {shortDate(me?.next_billing_date) || '—'}
            </Row>
          )}
          {!active && settings && (
            <Row label="Price">
              {settings.membership_price === settings.recurring_membership_price
                ? `${money(settings.recurring_membership_price)} / month`
                : `${money(settings.membership_price)} today, then ${money(settings.recurring_membership_price)} / month`}
            </Row>
          )}
          <Row label="Card on file" testId="membership-card-on-file">
            {cards === null && !cardsError ? (
              <Skeleton width={140} sx={{ display: 'inline-block' }} />
            ) : primary ? (
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                <CreditCardRounded fontSize="small" aria-hidden />
                {BRAND[primary.brand] ?? primary.brand} •••• {primary.last4}
                <Typography component="span" variant="body2" color="text.secondary">
                  exp {primary.exp_month}/{primary.exp_year.slice(-2)}
                </Typography>
              </Box>
            ) : cardsError ? (
              <Typography component="span" color="text.secondary" variant="body2">
                Could not load your cards
              </Typography>
            ) : (
              'None'
            )}
          </Row>
        </Box>
        {!active && !proxy && (
          <Button
            component={RouterLink}
            to="/subscribe"
            variant="contained"
            size="large"
            fullWidth
            sx={{ mt: 3 }}
            data-testid="membership-subscribe-link"
          >
            Subscribe
          </Button>
        )}
        {active && (
          <Button component={RouterLink} to="/" variant="outlined" fullWidth sx={{ mt: 3 }}>
            Go to the feed
          </Button>
        )}
      </Paper>
    </Column>
  );
}
