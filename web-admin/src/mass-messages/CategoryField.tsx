// The mass-message widget's category picker: single select, clearable, 'No Category
// Available' when empty, the reserved 'all media' and 'preview' hidden; an admin may add a new category from here
// ('Category not allow empty', 'Category name cannot be more than 30 characters.', 'Category already exist.').
import { useMemo, useState } from 'react';
import { Autocomplete, Button, Stack, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { MediaCategoryRecord } from '../../../domain/media/wire';
import { LIBRARY_ERRORS, libraryApi, messageOf } from '../content-manager/api';
import { useCategories } from '../content-manager/useLibrary';
import { MESSAGES, pickableCategories } from '../posts/rules';
import { CATEGORY_NAME_MAX, newCategoryProblem } from './rules';

type Category = MediaCategoryRecord;

export function CategoryField({ value, onChange, canAdd, disabled }: { value: string | null; onChange: (id: string | null) => void; canAdd: boolean; disabled?: boolean }) {
  const shared = useCategories();
  const categories: Category[] | null = shared.categories ?? (shared.error ? [] : null);
  const loadError = shared.categories ? null : shared.error;
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const options = useMemo(() => pickableCategories(shared.categories ?? []), [shared.categories]);
  const selected = options.find(c => c.id === value) ?? null;

  const add = async () => {
    const p = newCategoryProblem(name, categories ?? []);
    setProblem(p ?? null);
    if (p || saving) return;
    setSaving(true);
    try {
      const r = await libraryApi.createCategory(name.trim());
      shared.set(r.categories);
      const made = r.category ?? r.categories.find(c => c.name.toLowerCase() === name.trim().toLowerCase());
      if (made) onChange(made.id);
      setAdding(false);
      setName('');
    } catch (e) {
      setProblem(messageOf(e, LIBRARY_ERRORS.add));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={1}>
      <Autocomplete<Category, false, false, false>
        options={options}
        value={selected}
        onChange={(_, c) => onChange(c?.id ?? null)}
        getOptionLabel={c => c.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        loading={categories === null}
        loadingText="Loading categories…"
        noOptionsText={MESSAGES.noCategory}
        disabled={disabled}
        fullWidth
        size="small"
        data-testid="mass-category"
        renderInput={params => <TextField {...params} label="Category" error={Boolean(loadError)} helperText={loadError ?? 'Where new uploads go in the Content Manager.'} />}
      />
      {canAdd ? (
        adding ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              size="small"
              label="New category"
              value={name}
              autoFocus
              onChange={e => {
                setName(e.target.value);
                setProblem(null);
              }}
              onKeyDown={e => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void add();
                }
              }}
              error={Boolean(problem)}
              helperText={problem ?? `At most ${CATEGORY_NAME_MAX} characters.`}
              disabled={disabled || saving}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { 'data-testid': 'mass-category-name' }, formHelperText: { 'data-testid': problem ? 'mass-category-error' : undefined } as object }}
            />
            <Button onClick={() => void add()} disabled={disabled || saving} variant="outlined" sx={{ mt: 0.25 }} data-testid="mass-category-save">
              Add
            </Button>
            <Button onClick={() => { setAdding(false); setProblem(null); setName(''); }} disabled={saving} sx={{ mt: 0.25 }}>
              Cancel
            </Button>
          </Stack>
        ) : (
          <Button size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)} disabled={disabled} sx={{ alignSelf: 'flex-start' }} data-testid="mass-category-add">
            New category
          </Button>
        )
      ) : null}
    </Stack>
  );
}
