// What the fan-shell settings pages share: a settings form over a cached read, and a titled section.
// Each form loads with the settings' ETag and saves with If-Match: a stale save answers 412 and the page says so.
import { useEffect, useState, type ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { api, etagVersion, ifMatch, ApiRequestError } from '../api';
import { useEditable } from '../query';

export type Values = Record<string, unknown>;

/** A settings answer with the version its edits are made on. */
interface Versioned {
  values: Values;
  version: number | undefined;
}

/**
 * Every form here edits fields of the one site-settings record, so all share its version. A save made from this
 * console from version a to b is remembered: another form still on a saves on b (its own fields were untouched),
 * while a save by someone else in between still answers 412.
 */
const ownSaves = new Map<number, number>();
export function currentVersion(version: number | undefined): number | undefined {
  let v = version;
  for (let hops = 0; v !== undefined && ownSaves.has(v) && hops < 1000; hops++) v = ownSaves.get(v);
  return v;
}

/**
 * Reads a settings answer (GET) with its version; `save` posts changes with If-Match and shows the field in error.
 * The edits keep the version they were made on, so a read again meanwhile does not hide someone else's save.
 */
export function useSettingsForm(getPath: string, postPath: string) {
  const notify = useNotify();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { query, value, edit, saved } = useEditable<Versioned>(['shell', 'settings', getPath], async signal => {
    let version: number | undefined;
    const r = await api<Values>(getPath, { signal, onHeaders: h => (version = etagVersion(h)) });
    return { values: r.data, version };
  });
  useEffect(() => {
    if (query.error) notify((query.error as Error).message, { type: 'error' });
  }, [query.error, notify]);
  const setValues = (change: (values: Values) => Values) => edit(shown => ({ ...shown, values: change(shown.values) }));
  const save = async (body: Values, message?: string) => {
    if (!value) return false;
    setBusy(true);
    setErrors({});
    try {
      let version: number | undefined;
      const base = currentVersion(value.version);
      const r = await api<Values>(postPath, { body, headers: ifMatch(base), onHeaders: h => (version = etagVersion(h)) });
      if (base !== undefined && version !== undefined && version !== base) ownSaves.set(base, version);
      saved({ values: { ...value.values, ...r.data }, version });
      notify(message ?? r.message ?? 'update settings successfully.', { type: 'success' });
      return true;
    } catch (e) {
      const err = e as ApiRequestError;
      if (err.field) setErrors({ [err.field]: err.message });
      notify(err.message, { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { values: value?.values ?? null, setValues, errors, busy, save };
}

export const Section = ({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) => (
  <Card variant="outlined" sx={{ mb: 2 }} data-testid={testId}>
    <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>{title}</Typography>
      {children}
    </CardContent>
  </Card>
);
