// The 'Send a tip' card of /tips: amount (default $20, 'Minimum $5 USD.'), an optional note, 'Send tip'.
// Guests go to /register; a proxy session cannot buy; staff are told tips come from fans.
import { useNavigate } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import VolunteerActivismRounded from '@mui/icons-material/VolunteerActivismRounded';
import { useAuth, useIsProxy, useModelName } from '../auth';
import { isStaff } from '../format';
import { useNotify } from '../notify';
import { DEFAULT_TIP, TIP_SENT } from './tipForm';
import { TipFields, useTipForm } from './TipFields';
import { useSendTip } from './useSendTip';

export function SendTipCard({ onSent }: { onSent?: () => void }) {
  const { token, me, settings, refresh } = useAuth();
  const proxy = useIsProxy();
  const modelName = useModelName();
  const navigate = useNavigate();
  const notify = useNotify();
  const form = useTipForm(DEFAULT_TIP);

  const tip = useSendTip(({ message, position }) => {
    notify(message || TIP_SENT, 'success');
    form.reset();
    void refresh(position).catch(() => undefined);
    onSent?.();
  });

  const send = () => {
    if (!token) {
      navigate('/register');
      return;
    }
    const checked = form.check();
    if (checked) tip.ask(checked);
  };

  const staff = isStaff(me) && !proxy;
  // Staff and proxy sessions see the form but cannot send.
  const readOnly = staff || proxy;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, mx: { xs: 1.5, sm: 0 }, borderRadius: 3 }} data-testid="send-tip-card">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2.5 }}>
        <Avatar src={settings?.model_avatar_url ?? undefined} alt="" sx={{ width: 52, height: 52, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          <VolunteerActivismRounded />
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ lineHeight: 1.2 }}>
            Send a tip
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            Show {modelName} some love.
          </Typography>
        </Box>
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!proxy && !staff && !tip.busy) send();
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        <TipFields form={form} disabled={tip.busy || readOnly} />
        {proxy ? (
          <Typography color="text.secondary" data-testid="proxy-no-purchase">
            Purchases are not available while viewing the site as a fan.
          </Typography>
        ) : staff ? (
          <Typography color="text.secondary" data-testid="tips-staff-note">
            Tips are sent by fans. Their tips show in the list below.
          </Typography>
        ) : (
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={tip.busy || !!form.tooLong}
            data-testid="send-tip"
            startIcon={tip.busy ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Send tip
          </Button>
        )}
      </Box>
      {tip.elements}
    </Paper>
  );
}
