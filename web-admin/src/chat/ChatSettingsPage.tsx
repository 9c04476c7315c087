// /admin/settings/chat-settings and /admin/settings/purchased-content-settings (the spec names it;
// contents designed here, domain/settings/chat-settings.ts): saved through PUT /admin-api/settings/site
// like every setting (the editor's version goes back as If-Match: a stale save is refused, see dataProvider.ts).
// Open consoles follow a change live (CHAT_SETTINGS_UPDATED).
import { Box, Card, CardContent, Divider, Typography } from '@mui/material';
import { BooleanInput, Edit, Form, SaveButton, TextInput, Toolbar, useNotify, type Validator } from 'react-admin';
import type { ReactNode } from 'react';
import { PageGuard } from '../promotions/PageGuard';
import { useSettings } from '../settings';
import { SETTINGS_FAILED, SETTINGS_SAVED } from '../sitesettings/messages';
import { CHAT_SETTINGS_PAGE, PURCHASED_CONTENT_SETTINGS_PAGE } from './paths';

const colour: Validator = (v: unknown) =>
  v == null || v === '' || /^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(String(v)) ? undefined : 'Enter a colour like #121212, or leave it empty for the theme';
const field = { width: { xs: '100%', sm: 360 } };

function SettingsEdit({ page, title, testId, children }: { page: string; title: string; testId: string; children: ReactNode }) {
  const notify = useNotify();
  const { refresh } = useSettings();
  return (
    <PageGuard page={page} title={title} listTitle>
      <Edit
        resource="settings"
        id="site"
        title={title}
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
        <Form sanitizeEmptyValues={false}>
          <Card sx={{ boxShadow: 'none' }} data-testid={testId}>
            <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              <Typography variant="h6" component="h1">
                {title}
              </Typography>
              {children}
            </CardContent>
          </Card>
          <Toolbar>
            <SaveButton data-testid="chat-settings-save" />
          </Toolbar>
        </Form>
      </Edit>
    </PageGuard>
  );
}

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box sx={{ mt: 1.5 }}>
    <Divider sx={{ mb: 1.5 }} />
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
      {title}
    </Typography>
    {children}
  </Box>
);

const ColourField = ({ source, label }: { source: string; label: string }) => (
  <TextInput source={source} label={label} validate={colour} helperText="Empty: the theme's colour" placeholder="#e91e63" sx={field} />
);

export function ChatSettingsPage() {
  return (
    <SettingsEdit page={CHAT_SETTINGS_PAGE} title="Chat settings" testId="chat-settings">
      <Typography variant="body2" color="text.secondary">
        How private chat works for fans and staff. Changes reach open chat screens at once.
      </Typography>
      <Section title="Fans">
        <BooleanInput
          source="chat_settings.disabled_normal_chat"
          label="Turn off normal chat"
          helperText="Fans can read the chat but cannot write; staff can still write to them."
        />
      </Section>
      <Section title="Chat list row menu">
        <BooleanInput source="chat_settings.block_user_enabled" label="Block User" helperText="Admins and the model: blocks the fan, stops their renewal and takes them off the list." />
        <BooleanInput source="chat_settings.mute_mass_message_enabled" label="Mute or unmute mass messages" helperText="Everyone but the content manager and the live-stream manager." />
        <BooleanInput source="chat_settings.mark_as_unread_enabled" label="Mark As Unread" helperText="The content manager and the model, on a chat with no unread messages." />
      </Section>
      <Section title="Earnings">
        <BooleanInput source="hide_earnings" label="Hide earnings" helperText="Amounts spent and View Purchased are hidden from the model and the content manager (the live-stream manager never sees them)." />
        <BooleanInput
          source="chat_settings.model_expiry_sort_enabled"
          label="Expiry sort for the model"
          helperText="The model keeps the Amount Spent and Days until Subscription Expires sorts and the subscriber filter even while earnings are hidden."
        />
      </Section>
      <Section title="Chat colours">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <ColourField source="chat_settings.staff_bubble_color" label="Creator's bubbles" />
          <ColourField source="chat_settings.staff_text_color" label="Creator's text" />
          <ColourField source="chat_settings.fan_bubble_color" label="Fans' bubbles" />
          <ColourField source="chat_settings.fan_text_color" label="Fans' text" />
          <ColourField source="chat_settings.tip_bubble_color" label="Tip bubbles" />
          <ColourField source="chat_settings.tip_text_color" label="Tip text" />
        </Box>
      </Section>
    </SettingsEdit>
  );
}

export function PurchasedContentSettingsPage() {
  return (
    <SettingsEdit page={PURCHASED_CONTENT_SETTINGS_PAGE} title="Purchased content settings" testId="purchased-content-settings">
      <Typography variant="body2" color="text.secondary">
        What fans find on their Purchased contents page. Staff always see a fan&apos;s purchases from the chat (View Purchased), unless earnings are hidden from them.
      </Typography>
      <BooleanInput source="purchased_content_settings.enabled" label="Fans have a Purchased contents page" helperText="Off: the page and its menu entry are gone for fans." />
      <BooleanInput source="purchased_content_settings.show_posts" label="List unlocked posts" />
      <BooleanInput source="purchased_content_settings.show_chat_messages" label="List unlocked chat messages" helperText="Mass and welcome messages a fan bought are chat messages too." />
      <BooleanInput source="purchased_content_settings.show_prices" label="Show the price paid" />
    </SettingsEdit>
  );
}
