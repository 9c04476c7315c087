// /shop/shipping-details: the fan's address book; /add and /edit/:id: an address with the same country, state and
// city lookups as the card form. The server checks every field and names the one it refuses. `?return=` goes back
// there after saving (the checkout sends the fan here and back).
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import LocalShippingRounded from '@mui/icons-material/LocalShippingRounded';
import { ApiError, errorMessage } from '../api';
import { useAuth } from '../auth';
import { useNotify } from '../notify';
import { EmptyState, ErrorState } from '../components/StatusViews';
import { useCities, useCountries, useStates } from '../card-form/places';
import { PlaceFields } from '../card-form/PlaceFields';
import { ShopColumn, ShopHeading } from './ShopParts';
import { shopApi, useAddresses, type Address, type SavedAddress } from './shopApi';

/** Only same-site paths are followed back. */
export const safeReturn = (to: string | null): string | null => (to && to.startsWith('/') && !to.startsWith('//') ? to : null);

export function AddressLines({ a }: { a: Address }) {
  return (
    <Box sx={{ overflowWrap: 'anywhere' }}>
      <Typography sx={{ fontWeight: 600 }}>{a.name}</Typography>
      <Typography variant="body2" color="text.secondary">
        {[a.line1, a.line2].filter(Boolean).join(', ')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {[a.city, a.state, a.postalCode].filter(Boolean).join(', ')} · {a.country}
      </Typography>
      {a.phone && (
        <Typography variant="body2" color="text.secondary">
          {a.phone}
        </Typography>
      )}
    </Box>
  );
}

export function AddressListPage() {
  const addresses = useAddresses();
  const notify = useNotify();
  const [busy, setBusy] = useState<string | null>(null);

  const remove = async (a: SavedAddress) => {
    setBusy(a._id);
    try {
      await shopApi.removeAddress(a._id);
      notify('Address removed.', 'success');
    } catch (err) {
      notify(errorMessage(err), 'error');
    } finally {
      setBusy(null);
    }
  };

  const add = (
    <Button component={RouterLink} to="/shop/shipping-details/add" variant="contained" startIcon={<AddRounded />} data-testid="address-add" sx={{ whiteSpace: 'nowrap' }}>
      Add
    </Button>
  );

  return (
    <ShopColumn width={760}>
      <ShopHeading title="Shipping details" back="/shop" action={add} testId="addresses-title" />
      {addresses.isPending ? (
        <Skeleton variant="rounded" height={110} sx={{ borderRadius: 3 }} data-testid="addresses-loading" />
      ) : addresses.isError ? (
        <ErrorState message={errorMessage(addresses.error)} onRetry={() => void addresses.refetch()} />
      ) : addresses.data.length === 0 ? (
        <EmptyState title="No shipping addresses yet" icon={<LocalShippingRounded />}>
          Add one to have physical items sent to you.
        </EmptyState>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          {addresses.data.map((a) => (
            <Paper key={a._id} variant="outlined" sx={{ p: 2, borderRadius: 3, display: 'flex', gap: 1, alignItems: 'flex-start' }} data-testid="address-card">
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <AddressLines a={a} />
              </Box>
              <IconButton component={RouterLink} to={`/shop/shipping-details/edit/${a._id}`} aria-label={`Edit ${a.name}`} data-testid="address-edit">
                <EditRounded />
              </IconButton>
              <IconButton aria-label={`Remove ${a.name}`} disabled={busy === a._id} onClick={() => void remove(a)} data-testid="address-remove">
                <DeleteOutlineRounded />
              </IconButton>
            </Paper>
          ))}
        </Box>
      )}
    </ShopColumn>
  );
}

type Field = keyof Address;
const EMPTY: Address = { name: '', line1: '', line2: '', city: '', state: '', postalCode: '', country: '', phone: '' };

export function AddressFormPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const back = safeReturn(params.get('return')) ?? '/shop/shipping-details';
  const navigate = useNavigate();
  const notify = useNotify();
  const { me } = useAuth();
  const addresses = useAddresses();
  const existing = id ? addresses.data?.find((a) => a._id === id) : undefined;
  const [values, setValues] = useState<Address>({ ...EMPTY, name: me?.name ?? '' });
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const countries = useCountries();
  const states = useStates(values.country);
  const cities = useCities(values.country, values.state, values.city);

  useEffect(() => {
    if (existing && loadedFor !== existing._id) {
      const { _id, ...rest } = existing;
      setValues(rest);
      setLoadedFor(_id);
    }
  }, [existing, loadedFor]);

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value, ...(field === 'country' ? { state: '', city: '' } : field === 'state' ? { city: '' } : {}) }));
    if (error?.field === field) setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await shopApi.saveAddress(values, id);
      notify(id ? 'Address saved.' : 'Address added.', 'success');
      const to = new URL(back, window.location.origin);
      if (!id && saved.address_id && to.pathname.startsWith('/shop/checkout')) to.searchParams.set('address', saved.address_id);
      navigate(`${to.pathname}${to.search}`, { replace: true });
    } catch (err) {
      setError({ message: errorMessage(err), field: err instanceof ApiError ? err.field : undefined });
    } finally {
      setBusy(false);
    }
  };

  if (id && addresses.isPending) return <ShopColumn width={640}><Skeleton variant="rounded" height={360} sx={{ borderRadius: 3 }} /></ShopColumn>;
  if (id && addresses.isSuccess && !existing) {
    return (
      <ShopColumn width={640}>
        <ShopHeading title="Edit address" back={back} />
        <EmptyState title="Address not found." icon={<LocalShippingRounded />} />
      </ShopColumn>
    );
  }

  const fieldProps = (field: Field, label: string, autoComplete: string) => {
    const message = error?.field === field ? error.message : undefined;
    return {
      id: `address-${field}`,
      name: field,
      label,
      value: values[field],
      onChange: (e: { target: { value: string } }) => set(field, e.target.value),
      error: !!message,
      helperText: message ?? ' ',
      autoComplete,
      disabled: busy,
      size: 'small' as const,
      fullWidth: true,
    };
  };
  const full = { gridColumn: '1 / -1' };
  const formAlert = error && !(error.field && error.field in EMPTY) ? error.message : null;

  return (
    <ShopColumn width={640}>
      <ShopHeading title={id ? 'Edit address' : 'Add an address'} back={back} testId="address-form-title" />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        <Box component="form" onSubmit={(e) => void submit(e)} noValidate data-testid="address-form">
          {formAlert && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="address-error">
              {formAlert}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2, rowGap: 1.25 }}>
            <Box sx={full}>
              <TextField {...fieldProps('name', 'Full name', 'name')} autoFocus={!values.name} />
            </Box>
            <Box sx={full}>
              <TextField {...fieldProps('line1', 'Address line 1', 'address-line1')} />
            </Box>
            <Box sx={full}>
              <TextField {...fieldProps('line2', 'Address line 2 (optional)', 'address-line2')} />
            </Box>
            <PlaceFields
              idPrefix="address"
              values={values}
              set={set}
              fieldProps={fieldProps}
              countries={countries}
              states={states}
              cities={cities}
              busy={busy}
              cityMessage={error?.field === 'city' ? error.message : undefined}
            />
            <TextField {...fieldProps('postalCode', 'Postal code', 'postal-code')} />
            <Box sx={full}>
              <TextField {...fieldProps('phone', 'Phone (optional)', 'tel')} type="tel" />
            </Box>
          </Box>
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', mt: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={back} color="inherit" disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={busy} data-testid="address-save">
              Save address
            </Button>
          </Box>
        </Box>
      </Paper>
    </ShopColumn>
  );
}
