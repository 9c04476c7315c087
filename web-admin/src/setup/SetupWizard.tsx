// /admin/setup: the first-run setup wizard for the site's admins. Name → avatar and cover → price → welcome message
// → mail server (with a test send) → live streaming → done. Every step is prefilled with what is set, saves through
// its settings' own route, and can be skipped; "Finish later" records the wizard as put off, "Finish setup" as
// finished (POST /admin-api/setup/…), so it stops opening by itself on Home.
import { useEffect, useState, type ComponentType } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, LinearProgress, Stack, Step, StepLabel, Stepper, Typography, useMediaQuery, type Theme } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { useBasename, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { SetupStep } from '../../../domain/console/setup';
import { PageGuard } from '../promotions/PageGuard';
import { useQueryClient } from '../query';
import { useSettings } from '../settings';
import { setupApi, type SiteRecord } from './api';
import { SETUP_PAGE } from './paths';
import { ImagesStep, LiveStep, MailStep, NameStep, PriceStep, WelcomeStep, type StepProps, type StepResult } from './SetupSteps';

const STEPS: { id: Exclude<SetupStep, 'done'>; label: string; Component: ComponentType<StepProps> }[] = [
  { id: 'name', label: 'Name', Component: NameStep },
  { id: 'images', label: 'Avatar and cover', Component: ImagesStep },
  { id: 'price', label: 'Price', Component: PriceStep },
  { id: 'welcome', label: 'Welcome message', Component: WelcomeStep },
  { id: 'mail', label: 'Mail', Component: MailStep },
  { id: 'live', label: 'Live streaming', Component: LiveStep },
];
const DONE = STEPS.length;
/** The Home's answer carries the setup state: it is read again once the wizard ends. */
const HOME_KEY = ['home'] as const;

export default function SetupWizardPage() {
  return (
    <PageGuard page={SETUP_PAGE} title="Set up your site">
      <SetupWizard />
    </PageGuard>
  );
}

function SetupWizard() {
  const navigate = useNavigate();
  const basename = useBasename();
  const notify = useNotify();
  const client = useQueryClient();
  const { refresh } = useSettings();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [site, setSite] = useState<SiteRecord | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [results, setResults] = useState<Partial<Record<SetupStep, StepResult>>>({});
  const [ending, setEnding] = useState<'finish' | 'later' | null>(null);

  useEffect(() => {
    let live = true;
    setupApi
      .site()
      .then(s => live && setSite(s))
      .catch(e => live && setLoadError((e as Error).message || 'The settings could not be read.'));
    return () => {
      live = false;
    };
  }, []);

  const onSite = (next: SiteRecord) => {
    setSite(s => ({ ...(s ?? next), ...next }));
    // The console's title and theme follow the public settings.
    void refresh().catch(() => undefined);
  };
  const onDone = (result: StepResult) => {
    const id = STEPS[active]?.id;
    if (id) setResults(r => ({ ...r, [id]: result }));
    setActive(a => Math.min(a + 1, DONE));
  };
  const end = async (how: 'finish' | 'later') => {
    setEnding(how);
    try {
      await (how === 'finish' ? setupApi.complete() : setupApi.dismiss(active >= DONE ? 'done' : STEPS[active].id));
      await client.invalidateQueries({ queryKey: HOME_KEY });
      if (how === 'finish') notify('Your site is set up.', { type: 'success' });
      navigate(`${basename}/`);
    } catch (e) {
      notify((e as Error).message || 'Something went wrong', { type: 'error' });
      setEnding(null);
    }
  };

  const step = STEPS[active];
  const progress = Math.round((Math.min(active, DONE) / DONE) * 100);
  return (
    <Box sx={{ py: { xs: 1, sm: 3 }, display: 'flex', justifyContent: 'center' }} data-testid="setup-wizard">
      <Card sx={{ width: '100%', maxWidth: 820 }} variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
          <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, mb: 2 }}>
            <Box>
              <Typography variant="h5" component="h1">
                Set up your site
              </Typography>
              <Typography variant="body2" color="text.secondary">
                A few things fans see, and how mail reaches them. Everything can be changed later in Settings.
              </Typography>
            </Box>
            {active < DONE ? (
              <Button onClick={() => void end('later')} disabled={!!ending} sx={{ flexShrink: 0 }} data-testid="setup-later">
                Finish later
              </Button>
            ) : null}
          </Stack>
          {phone ? (
            <Box sx={{ mb: 2 }} data-testid="setup-progress">
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                {active < DONE ? `Step ${active + 1} of ${DONE}: ${step.label}` : 'All steps done'}
              </Typography>
              <LinearProgress variant="determinate" value={progress} aria-label="Setup progress" />
            </Box>
          ) : (
            <Stepper activeStep={active} alternativeLabel sx={{ mb: 4 }} data-testid="setup-progress">
              {STEPS.map((s, i) => (
                <Step key={s.id} completed={i < active && results[s.id] === 'saved'}>
                  <StepLabel optional={results[s.id] === 'skipped' ? <Typography variant="caption" color="text.secondary">Skipped</Typography> : undefined}>{s.label}</StepLabel>
                </Step>
              ))}
            </Stepper>
          )}
          {loadError ? (
            <Alert severity="error">{loadError}</Alert>
          ) : !site ? (
            <CircularProgress aria-label="Loading" />
          ) : step ? (
            <step.Component key={step.id} site={site} onSite={onSite} onDone={onDone} onBack={active > 0 ? () => setActive(a => a - 1) : null} />
          ) : (
            <DoneStep results={results} busy={ending === 'finish'} onBack={() => setActive(DONE - 1)} onFinish={() => void end('finish')} />
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

function DoneStep({ results, busy, onBack, onFinish }: { results: Partial<Record<SetupStep, StepResult>>; busy: boolean; onBack: () => void; onFinish: () => void }) {
  return (
    <Box data-testid="setup-step-done">
      <Typography variant="h6" component="h2" data-testid="setup-step-title">
        All set
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        What you saved is live on your site now. Skipped steps stay as they were; run the setup again from Home, or change them in Settings.
      </Typography>
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {STEPS.map(s => (
          <Stack key={s.id} component="li" direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid={`setup-summary-${s.id}`}>
            {results[s.id] === 'saved' ? <CheckCircleIcon color="success" fontSize="small" /> : <RemoveCircleOutlineIcon color="disabled" fontSize="small" />}
            <Typography>
              {s.label}: {results[s.id] === 'saved' ? 'saved' : 'skipped'}
            </Typography>
          </Stack>
        ))}
      </Stack>
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ mt: 3, justifyContent: 'space-between' }}>
        <Button onClick={onBack} disabled={busy} data-testid="setup-back">
          Back
        </Button>
        <Button variant="contained" onClick={onFinish} disabled={busy} data-testid="setup-finish" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Finish setup
        </Button>
      </Stack>
    </Box>
  );
}
