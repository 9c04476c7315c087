// Category picker of the media attach widget: single select, clearable, 'No Category Available'
// when empty; the reserved 'all media' and 'preview' categories are hidden.
import { useEffect, useMemo, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
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
  const [categories, setCategories] = useState<MediaCategory[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    listCategories()
      .then(c => live && setCategories(c))
      .catch(e => {
        if (!live) return;
        setCategories([]);
        setError(errorText(e, 'Error occurred while get media'));
      });
    return () => {
      live = false;
    };
  }, []);
  const options = useMemo(() => pickableCategories(categories ?? []), [categories]);
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
