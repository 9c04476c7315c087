import { useEffect, useState, type FormEvent } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import type { MediaCategoryRecord } from '../../../domain/media/wire';
import { CATEGORY_INPUT_MAX, CATEGORY_MESSAGES, categoryNameProblem } from '../../../domain/category/category';
import { LIBRARY_ERRORS, libraryApi, messageOf } from './api';

/** The rule of the console's input: the server's, plus the input's lower cap of 30. */
const inputProblem = (name: string) =>
  name.trim().length > CATEGORY_INPUT_MAX ? CATEGORY_MESSAGES.inputTooLong : categoryNameProblem(name);

/** Adds a category, or renames `category` when given. */
export function CategoryDialog({
  open,
  category,
  onClose,
  onSaved,
}: {
  open: boolean;
  category: MediaCategoryRecord | null;
  onClose: () => void;
  onSaved: (result: { categories: MediaCategoryRecord[]; category?: MediaCategoryRecord | null; message?: string }) => void;
}) {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName(category?.name ?? '');
    setTouched(false);
    setServerError(null);
  }, [open, category]);

  const problem = inputProblem(name);
  const shown = serverError ?? (touched ? problem : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || saving) return;
    setSaving(true);
    try {
      onSaved(category ? await libraryApi.renameCategory(category.id, name) : await libraryApi.createCategory(name));
    } catch (error) {
      setServerError(messageOf(error, category ? LIBRARY_ERRORS.update : LIBRARY_ERRORS.add));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="category-dialog-title" data-testid="category-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="category-dialog-title">{category ? 'Edit category' : 'Add category'}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Category name"
            value={name}
            onChange={e => {
              setName(e.target.value);
              setServerError(null);
            }}
            onBlur={() => setTouched(true)}
            error={Boolean(shown)}
            helperText={shown ?? `${name.trim().length}/${CATEGORY_INPUT_MAX}`}
            slotProps={{ htmlInput: { 'data-testid': 'category-name' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="category-save"
          >
            {category ? 'Update' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
