// /admin/settings/stagger-message-settings: how mass messages reach fans who
// subscribe later — the stagger window (hours per message), how many earlier mass messages a new subscriber gets,
// and the default delay. Saved through PUT /admin-api/settings/site like every setting (the editor's version goes
// back as If-Match, see dataProvider.ts).
import { Card, CardContent, InputAdornment, Typography } from '@mui/material';
import { Edit, Form, maxValue, minValue, NumberInput, required, SaveButton, Toolbar, useNotify, type Validator } from 'react-admin';
import { PageGuard } from '../promotions/PageGuard';
import { useSettings } from '../settings';
import { SETTINGS_FAILED, SETTINGS_SAVED } from '../sitesettings/messages';
import { STAGGER_SETTINGS_PAGE } from './paths';
import { notBelow } from '../components/rangeValidators';

/** The server's defaults for a site that never saved these settings. */
export const STAGGER_DEFAULTS = { stagger_min_hours: 24, stagger_max_hours: 48, stagger_previous_limit: 10, mass_message_default_delay_hours: 2 } as const;

const integer: Validator = (v: unknown) => (v == null || v === '' || Number.isInteger(Number(v)) ? undefined : 'Enter a whole number');
const oneDecimal: Validator = (v: unknown) => (v == null || v === '' || /^\d+(\.\d)?$/.test(String(v)) ? undefined : 'At most one decimal, e.g. 2.5');
const hours = { endAdornment: <InputAdornment position="end">hours</InputAdornment> };
const field = { width: { xs: '100%', sm: 360 } };

export function StaggerSettingsPage() {
  const notify = useNotify();
  const { refresh } = useSettings();
  return (
    <PageGuard page={STAGGER_SETTINGS_PAGE} title="Stagger message settings" listTitle>
      <Edit
        resource="settings"
        id="site"
        title="Stagger message settings"
        redirect={false}
        mutationMode="pessimistic"
        actions={false}
        mutationOptions={{
          onSuccess: () => {
            notify(SETTINGS_SAVED, { type: 'success' });
            refresh().catch(() => undefined);
          },
          onError: error => notify((error as Error)?.message || SETTINGS_FAILED, { type: 'error' }),
        }}
        sx={{ '& .RaEdit-card': { minWidth: 0 }, maxWidth: 760 }}
      >
        {/* No form-level validate: react-hook-form would then skip the inputs' own rules. */}
        <Form sanitizeEmptyValues={false}>
          <Card sx={{ boxShadow: 'none' }} data-testid="stagger-settings">
            <CardContent sx={{ display: 'flex', flexDirection: 'column' }}>
              <Typography variant="h6" component="h1">
                Stagger message settings
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                A fan who subscribes later gets your earlier mass messages one by one instead of all at once. Each mass message sent with “Stagger over time” reaches a new
                subscriber at a random moment inside this window.
              </Typography>
              <NumberInput source="stagger_min_hours" label="Stagger from" defaultValue={STAGGER_DEFAULTS.stagger_min_hours} helperText={`Hours after subscribing, at the earliest, per message. Default: ${STAGGER_DEFAULTS.stagger_min_hours}.`} validate={[required(), integer, minValue(1), maxValue(720)]} min={1} step={1} sx={field} slotProps={{ input: hours }} />
              <NumberInput source="stagger_max_hours" label="Stagger to" defaultValue={STAGGER_DEFAULTS.stagger_max_hours} helperText={`Hours after subscribing, at the latest, per message. Default: ${STAGGER_DEFAULTS.stagger_max_hours}.`} validate={[required(), integer, minValue(1), maxValue(720), notBelow('stagger_min_hours')]} min={1} step={1} sx={field} slotProps={{ input: hours }} />
              <NumberInput source="stagger_previous_limit" label="Earlier messages for new subscribers" defaultValue={STAGGER_DEFAULTS.stagger_previous_limit} helperText={`How many earlier mass messages a new subscriber receives, newest first. Default: ${STAGGER_DEFAULTS.stagger_previous_limit}.`} validate={[required(), integer, minValue(0), maxValue(100)]} min={0} step={1} sx={field} />
              <NumberInput source="mass_message_default_delay_hours" label="Default delay" defaultValue={STAGGER_DEFAULTS.mass_message_default_delay_hours} helperText={`What “Delay by hours” starts at in the mass message dialog, one decimal. Default: ${STAGGER_DEFAULTS.mass_message_default_delay_hours}.`} validate={[required(), oneDecimal, minValue(0.1), maxValue(720)]} min={0.1} step={0.1} sx={field} slotProps={{ input: hours }} />
            </CardContent>
            <Toolbar>
              <SaveButton data-testid="stagger-save" />
            </Toolbar>
          </Card>
        </Form>
      </Edit>
    </PageGuard>
  );
}
