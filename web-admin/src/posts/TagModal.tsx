// The Add/Update Tag modal of the Select Tags dialog: a name (lower-cased) and Save.
import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { TAG_MESSAGES, TAG_NAME_MAX, tagNameProblem, type FeedTagView } from '../../../domain/feed-tag/feed-tag';
import { saveTag } from './postApi';
import { errorText, useSay } from './parts';

/** Add/Update Tag modal: a name (at most 30 characters, lower-cased) and Save. */
export function TagModal({
  tag,
  onClose,
  onSaved,
}: {
  tag: FeedTagView | 'new' | null;
  onClose: () => void;
  onSaved: (all: FeedTagView[], tag: FeedTagView | null, isNew: boolean) => void;
}) {
  const say = useSay();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const isNew = tag === 'new';
  useEffect(() => {
    setName(tag && tag !== 'new' ? tag.name : '');
    setError(null);
  }, [tag]);

  const save = async () => {
    const problem = tagNameProblem(name);
    if (problem) return setError(problem);
    setSaving(true);
    try {
      const r = await saveTag(name, isNew ? undefined : (tag as FeedTagView)._id);
      say(r.message || (isNew ? TAG_MESSAGES.added : TAG_MESSAGES.updated), 'success');
      onSaved(r.tags, r.tag, isNew);
    } catch (e) {
      setError(errorText(e, 'Something went wrong'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={tag !== null} onClose={saving ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="tag-modal-title" data-testid="tag-modal">
      <DialogTitle id="tag-modal-title">{isNew ? 'Add Tag' : 'Update Tag'}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          label="Name"
          value={name}
          onChange={e => {
            setName(e.target.value);
            setError(null);
          }}
          onKeyDown={e => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void save();
            }
          }}
          error={Boolean(error)}
          helperText={error ?? 'Saved in lower case.'}
          fullWidth
          margin="dense"
          disabled={saving}
          slotProps={{ htmlInput: { maxLength: TAG_NAME_MAX, 'data-testid': 'tag-name' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={saving} data-testid="tag-save">
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
