// The user page's nickname (shown to staff in the chat list) and email preferences.
import { useEffect, useState } from 'react';
import { Box, Button, Checkbox, FormControlLabel, FormGroup, TextField } from '@mui/material';
import type { AdminUserRecord } from '../../../domain/user/wire';
import { Section, useRunner } from './actionParts';
import { EMAIL_PREFERENCE_LABELS, NICKNAME_MAX, nicknameError, userActions, type EmailPreferences } from './userApi';

export function NicknameSection({ record }: { record: AdminUserRecord }) {
  const { busy, run } = useRunner();
  const [value, setValue] = useState(record.nickname ?? '');
  useEffect(() => setValue(record.nickname ?? ''), [record.nickname]);
  const error = nicknameError(value);
  const unchanged = value.trim() === (record.nickname ?? '');
  const save = () => {
    if (error) return;
    void run('nickname', () => userActions.setNickname(String(record.id), value.trim()));
  };
  return (
    <Section title="Nickname" testId="user-nickname">
      <Box
        component="form"
        noValidate
        onSubmit={e => {
          e.preventDefault();
          save();
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          label="Nickname"
          value={value}
          onChange={e => setValue(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? `${value.trim().length}/${NICKNAME_MAX} · shown to staff in the chat list`}
          sx={{ flex: '1 1 200px', minWidth: 0 }}
          slotProps={{ htmlInput: { 'data-testid': 'nickname-input', maxLength: 64 } }}
        />
        <Button type="submit" variant="contained" disabled={Boolean(error) || unchanged || busy !== null} data-testid="nickname-save" sx={{ mt: 0.25 }}>
          Save
        </Button>
      </Box>
    </Section>
  );
}

const PREF_KEYS = Object.keys(EMAIL_PREFERENCE_LABELS) as (keyof EmailPreferences)[];

const prefsOf = (record: AdminUserRecord): EmailPreferences => {
  const p = record.email_preferences ?? {};
  return { new_posts: p.new_posts !== false, messages: p.messages !== false, promotions: p.promotions !== false };
};

export function EmailPreferencesSection({ record }: { record: AdminUserRecord }) {
  const { busy, run } = useRunner();
  const initial = prefsOf(record);
  const [prefs, setPrefs] = useState<EmailPreferences>(initial);
  const key = JSON.stringify(record.email_preferences ?? {});
  useEffect(() => setPrefs(prefsOf(record)), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const unchanged = PREF_KEYS.every(k => prefs[k] === initial[k]);
  return (
    <Section title="Email preferences" testId="user-email-preferences">
      <FormGroup row sx={{ columnGap: 1 }}>
        {PREF_KEYS.map(k => (
          <FormControlLabel
            key={k}
            control={
              <Checkbox
                checked={prefs[k]}
                onChange={(_, checked) => setPrefs(p => ({ ...p, [k]: checked }))}
                slotProps={{ input: { 'data-testid': `email-pref-${k}` } as object }}
              />
            }
            label={EMAIL_PREFERENCE_LABELS[k]}
          />
        ))}
      </FormGroup>
      <Button
        variant="contained"
        sx={{ mt: 1 }}
        disabled={unchanged || busy !== null}
        onClick={() => void run('prefs', () => userActions.saveEmailPreferences(String(record.id), prefs))}
        data-testid="email-prefs-save"
      >
        Save preferences
      </Button>
    </Section>
  );
}
