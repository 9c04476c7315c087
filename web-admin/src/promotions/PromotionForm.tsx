// The form that saves a promotion of one type (POST /api/promotion-setting/save-promotion): subscription (its own
// first and monthly prices, optional trial first period) or locked content (subtype, discount 10..80, default 50);
// who it is for (all / new / old users), when it ends (1..24 hours, 2..30 days, end of day, end of month, in the
// browser's time zone), whether it repeats, and the ribbon text. Field errors come back from the server by name.
import { useState } from 'react';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useNotify } from 'react-admin';
import type { PromotionType } from '../../../domain/promotion/promotion';
import type { PromotionView } from '../../../domain/promotion/wire';
import { PromotionFields } from '../../../web-shared/promotions/PromotionFields';
import { usePromotionForm } from '../../../web-shared/promotions/promotionForm';
import { api, ApiRequestError, etagVersion, ifMatch } from '../api';

export function PromotionForm({
  type,
  onSaved,
  version,
  onVersion,
}: {
  type: PromotionType;
  onSaved: (p: PromotionView) => void;
  /** The version of this type's promotions the page showed (sent as If-Match), and where the saved one goes. */
  version?: number;
  onVersion?: (version: number | undefined) => void;
}) {
  const notify = useNotify();
  const form = usePromotionForm();
  const { error, setError } = form;
  const [busy, setBusy] = useState(false);
  const t = type === 'SUBSCRIPTION' ? 'subscription' : 'locked';

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data, message } = await api<PromotionView>('/api/promotion-setting/save-promotion', {
        body: form.bodyFor(type),
        headers: ifMatch(version),
        onHeaders: h => onVersion?.(etagVersion(h)),
      });
      notify(message || 'Promotion successfully saved.', { type: 'success' });
      form.reset();
      onSaved(data);
    } catch (e) {
      const field = e instanceof ApiRequestError ? e.field : undefined;
      setError({ message: e instanceof Error ? e.message : 'Error in save promotion.', field });
      if (!field) notify(e instanceof Error ? e.message : 'Error in save promotion.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={e => { e.preventDefault(); void save(); }} sx={{ display: 'grid', gap: 2 }} data-testid={`promotion-form-${t}`} noValidate>
      {error && !error.field && <Alert severity="error">{error.message}</Alert>}
      <PromotionFields type={type} form={form} hints ribbonTestId={`promotion-ribbon-text-${t}`} />
      <Box>
        <Button type="submit" variant="contained" disabled={busy} data-testid={`save-promotion-${t}`} startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}>
          Save promotion
        </Button>
      </Box>
    </Box>
  );
}
