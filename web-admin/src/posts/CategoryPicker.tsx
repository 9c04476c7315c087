// Category picker of the media attach widget: single select, clearable, 'No Category Available'
// when empty; the reserved 'all media' and 'preview' categories are hidden.
import { useMemo } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useLiveQuery } from '../query';
import { listCategories } from './postApi';
import { MESSAGES, pickableCategories } from './rules';
import type { MediaCategory } from './types';
import { errorText } from './parts';

export function CategoryPicker({
  value,
  onChange,
  disabled,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  disabled?: boolean;
}) {
  const read = useLiveQuery(['posts', 'categories'], listCategories);
  const categories = read.data ?? (read.isError ? [] : null);
  const error = read.isError ? errorText(read.error, 'Error occurred while get media') : null;
  const options = useMemo(() => pickableCategories(read.data ?? []), [read.data]);
  const selected = options.find(c => c._id === value) ?? null;
  return (
    <Autocomplete<MediaCategory, false, false, false>
      options={options}
      value={selected}
      onChange={(_, c) => onChange(c?._id ?? null)}
      getOptionLabel={c => c.name}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      loading={categories === null}
      loadingText="Loading categories…"
      noOptionsText={MESSAGES.noCategory}
      disabled={disabled}
      fullWidth
      data-testid="category-picker"
      renderInput={params => (
        <TextField
          {...params}
          label="Category"
          error={Boolean(error)}
          helperText={error ?? 'The Content Manager category of this post.'}
        />
      )}
    />
  );
}
