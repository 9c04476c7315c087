// The chosen tags as chips, with the button that opens the Select Tags dialog.
import { Button, Chip, Stack } from '@mui/material';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';

/** The chosen tags as chips, with a button opening the dialog. */
export function TagChips({
  tags,
  onOpen,
  onRemove,
  disabled,
}: {
  tags: readonly { _id: string; name: string }[];
  onOpen: () => void;
  onRemove?: (id: string) => void;
  disabled?: boolean;
}) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }} data-testid="tag-chips">
      {tags.map(t => (
        <Chip key={t._id} label={t.name} size="small" onDelete={onRemove && !disabled ? () => onRemove(t._id) : undefined} />
      ))}
      <Button size="small" startIcon={<LocalOfferOutlinedIcon />} onClick={onOpen} disabled={disabled} data-testid="tags-open">
        {tags.length ? 'Change tags' : 'Select Tags'}
      </Button>
    </Stack>
  );
}
