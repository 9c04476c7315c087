// Country, state/province and city: the block the card form's billing details and the shop's address form share.
// Country and state are native selects filled from the server's packaged data set (a 2-letter code typed by hand
// when the country list did not load; a free state when the country has none listed); the city is a free entry
// that suggests the state's cities. Each form keeps its own values, messages and field ids (`idPrefix`).
import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import type { PlaceOption, PlacePage } from '../../../domain/card/wire';
import type { Lookup } from './places';

export type PlaceField = 'country' | 'state' | 'city';

/** What a form gives each of its text fields (id, name, label, value, change, message, disabled…). */
type FieldProps = (field: 'country' | 'state', label: string, autoComplete: string) => Record<string, unknown> & { disabled?: boolean };

export interface PlaceFieldsProps {
  /** The fields' ids: `<idPrefix>-city` (country and state take theirs from `fieldProps`). */
  idPrefix: string;
  values: Record<PlaceField, string>;
  set: (field: PlaceField, value: string) => void;
  fieldProps: FieldProps;
  countries: Lookup<PlaceOption[]>;
  states: Lookup<PlaceOption[]>;
  cities: Lookup<PlacePage<PlaceOption>>;
  busy: boolean;
  /** The city's message, if any (its field is drawn by the autocomplete, not by fieldProps). */
  cityMessage?: string;
  /** The country field's hint while the country list did not load (instead of its blank line). */
  countryListHint?: string;
  /** Which of the three the form asks (all by default). */
  asked?: { has: (field: PlaceField) => boolean };
}

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } };
const ALL = { has: () => true };

export function PlaceFields({ idPrefix, values, set, fieldProps, countries, states, cities, busy, cityMessage, countryListHint, asked = ALL }: PlaceFieldsProps) {
  const statesLoading = !!values.country && states.loading;
  const stateList = states.data ?? [];
  const cityOptions = useMemo(() => (cities.data?.items ?? []).map((c) => c.name), [cities.data]);
  const country = fieldProps('country', 'Country', 'country');
  return (
    <>
      {!asked.has('country') ? null : countries.error ? (
        <TextField
          {...country}
          {...(countryListHint && country.helperText === ' ' ? { helperText: countryListHint } : {})}
          slotProps={{ htmlInput: { maxLength: 2, style: { textTransform: 'uppercase' } } }}
        />
      ) : (
        <TextField {...country} select slotProps={nativeSelect} disabled={busy || !countries.data}>
          <option value="">{countries.data ? 'Select country' : 'Loading…'}</option>
          {(countries.data ?? []).map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </TextField>
      )}

      {!asked.has('state') ? null : values.country && (statesLoading || stateList.length > 0) ? (
        <TextField {...fieldProps('state', 'State/Province', 'address-level1')} select slotProps={nativeSelect} disabled={busy || statesLoading}>
          <option value="">{statesLoading ? 'Loading…' : 'Select state/province'}</option>
          {stateList.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </TextField>
      ) : (
        <TextField {...fieldProps('state', 'State/Province (optional)', 'address-level1')} />
      )}

      {asked.has('city') && (
        <Autocomplete
          id={`${idPrefix}-city`}
          freeSolo
          disabled={busy}
          options={cityOptions}
          filterOptions={(x) => x}
          value={values.city || null}
          inputValue={values.city}
          onChange={(_e, v) => set('city', typeof v === 'string' ? v : '')}
          onInputChange={(_e, v, reason) => {
            if (reason !== 'reset' || v) set('city', v);
          }}
          loading={cities.loading}
          size="small"
          fullWidth
          autoHighlight={false}
          noOptionsText="No matching city: keep what you typed"
          renderInput={(params) => (
            <TextField
              {...params}
              name="city"
              label="City"
              error={!!cityMessage}
              helperText={cityMessage ?? ' '}
              slotProps={{
                htmlInput: { ...params.inputProps, autoComplete: 'address-level2' },
                input: {
                  ...params.InputProps,
                  endAdornment: (
                    <>
                      {cities.loading && values.state ? <CircularProgress color="inherit" size={16} /> : null}
                      {params.InputProps.endAdornment}
                    </>
                  ),
                },
              }}
            />
          )}
        />
      )}
    </>
  );
}
