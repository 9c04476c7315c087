// The Content Manager's dialogs: add or rename a category, assign the selection to a category, and the confirmations
// of deleting a category or the selected media.
import type { MediaCategoryRecord } from '../../../domain/media/wire';
import { CATEGORY_MESSAGES, MEDIA_MESSAGES } from '../../../domain/category/category';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { AssignDialog } from './AssignDialog';
import { CategoryDialog } from './CategoryDialog';

/** The dialog open, if any. */
export type Pending =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'edit'; category: MediaCategoryRecord }
  | { kind: 'delete-category'; category: MediaCategoryRecord }
  | { kind: 'assign' }
  | { kind: 'delete-media' };

export function LibraryDialogs({
  pending,
  busy,
  count,
  categories,
  onClose,
  onSaved,
  onAssign,
  onDeleteCategory,
  onRemove,
}: {
  pending: Pending;
  busy: boolean;
  /** How many items are selected. */
  count: number;
  categories: MediaCategoryRecord[];
  onClose: () => void;
  /** A category added or renamed: the server's answer. */
  onSaved: Parameters<typeof CategoryDialog>[0]['onSaved'];
  onAssign: (category: MediaCategoryRecord) => void;
  onDeleteCategory: (category: MediaCategoryRecord) => void;
  onRemove: () => void;
}) {
  return (
    <>
      <CategoryDialog
        open={pending.kind === 'add' || pending.kind === 'edit'}
        category={pending.kind === 'edit' ? pending.category : null}
        onClose={onClose}
        onSaved={onSaved}
      />
      <AssignDialog
        open={pending.kind === 'assign'}
        count={count}
        categories={categories}
        busy={busy}
        onClose={onClose}
        onAssign={onAssign}
      />
      <ConfirmDialog
        open={pending.kind === 'delete-category'}
        title="Delete category"
        content={pending.kind === 'delete-category' ? CATEGORY_MESSAGES.deleteConfirm(pending.category.name) : ''}
        confirmLabel="Delete"
        danger
        loading={busy}
        onConfirm={() => pending.kind === 'delete-category' && onDeleteCategory(pending.category)}
        onClose={onClose}
        testId="category-delete-dialog"
      />
      <ConfirmDialog
        open={pending.kind === 'delete-media'}
        title="Delete media"
        content={MEDIA_MESSAGES.removeConfirm}
        confirmLabel="Delete"
        danger
        loading={busy}
        onConfirm={onRemove}
        onClose={onClose}
        testId="media-delete-dialog"
      />
    </>
  );
}
