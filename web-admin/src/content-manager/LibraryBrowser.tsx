import { useState, type ReactNode } from 'react';
import { Box, IconButton, Tab, Tabs, Tooltip, Typography, useMediaQuery } from '@mui/material';
import ArrowBackIosNewIcon from '@mui/icons-material/ArrowBackIosNew';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useNotify, usePermissions } from 'react-admin';
import type { LibraryMediaRecord, MediaCategoryRecord, MediaLibraryType } from '../../../domain/media/wire';
import { ALL_MEDIA, CATEGORY_MESSAGES, MEDIA_MESSAGES, countLabel, isReservedCategoryId } from '../../../domain/category/category';
import { mayCall } from '../access';
import { LIBRARY_ERRORS, libraryApi, messageOf } from './api';
import { CategoryPanel } from './CategoryPanel';
import { LibraryDialogs, type Pending } from './LibraryDialogs';
import { MediaGrid } from './MediaGrid';
import { SelectionBar } from './SelectionBar';
import { UploadZone } from './UploadZone';
import { useCategories, useLibrary } from './useLibrary';

/** Below this width the category list and the media are two steps (breakpoint 767 px). */
export const SMALL_SCREEN = '(max-width: 766.98px)';

/** Admins may upload several files at once. */
export const uploadsSeveral = (role: unknown) => role === 'admin' || role === 'super_admin';

const TABS: { type: MediaLibraryType; label: string }[] = [
  { type: 'all', label: 'All' },
  { type: 'photo', label: 'Images' },
  { type: 'video', label: 'Videos' },
];

/**
 * The media library: categories beside a grid of media with type tabs. `manage` adds category editing, uploads
 * and the actions on the selection (the Content Manager page); without it, it is the picker's browser.
 * Selection is the parent's (the page and the picker have different rules).
 */
export function LibraryBrowser({
  manage,
  selected,
  onToggle,
  onClearSelection,
  selectionBar,
  firstStep = 'categories',
}: {
  manage: boolean;
  selected: LibraryMediaRecord[];
  onToggle: (item: LibraryMediaRecord) => void;
  onClearSelection: () => void;
  /** Extra controls beside the selection count (the picker's buttons). */
  selectionBar?: ReactNode;
  /** On phones: start with the category list (the page) or with All Media (the picker). */
  firstStep?: 'categories' | 'media';
}) {
  const { permissions: role } = usePermissions();
  const notify = useNotify();
  const small = useMediaQuery(SMALL_SCREEN, { noSsr: true });
  const [step, setStep] = useState<'categories' | 'media'>(firstStep);
  const library = useLibrary();
  const categories = useCategories();
  const [pending, setPending] = useState<Pending>({ kind: 'none' });
  const [busy, setBusy] = useState(false);

  const may = (route: string) => manage && mayCall(role, route);
  const active = categories.categories?.find(c => c.id === library.view.categoryId);
  const ownCategoryOpen = !isReservedCategoryId(library.view.categoryId);
  const ids = selected.map(m => m.id);

  const open = (id: string) => {
    if (id !== library.view.categoryId) {
      library.openCategory(id);
      onClearSelection();
    }
    setStep('media');
  };

  const refresh = () => {
    library.reload();
    void categories.reload();
  };

  const run = async (action: () => Promise<void>, fallback: string) => {
    setBusy(true);
    try {
      await action();
      setPending({ kind: 'none' });
    } catch (error) {
      notify(messageOf(error, fallback), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const assign = (category: MediaCategoryRecord) =>
    run(async () => {
      const r = await libraryApi.assign(category.id, ids);
      categories.set(r.categories);
      library.noteCategory(ids, category.id, true);
      onClearSelection();
      notify(r.message ?? CATEGORY_MESSAGES.mediaAdded, { type: 'success' });
    }, LIBRARY_ERRORS.assign);

  const takeOut = () =>
    run(async () => {
      const r = await libraryApi.takeOut(library.view.categoryId, ids);
      categories.set(r.categories);
      library.drop(ids);
      onClearSelection();
      notify(r.message ?? CATEGORY_MESSAGES.mediaTakenOut, { type: 'success' });
    }, LIBRARY_ERRORS.assign);

  const removeSelected = () =>
    run(async () => {
      const r = await libraryApi.remove(ids);
      library.drop(ids);
      onClearSelection();
      void categories.reload();
      notify(r.message ?? MEDIA_MESSAGES.removed, { type: 'success' });
    }, LIBRARY_ERRORS.remove);

  const deleteCategory = (category: MediaCategoryRecord) =>
    run(async () => {
      const r = await libraryApi.deleteCategory(category.id);
      categories.set(r.categories);
      if (library.view.categoryId === category.id) open(ALL_MEDIA.id);
      notify(r.message ?? CATEGORY_MESSAGES.deleted, { type: 'success' });
    }, LIBRARY_ERRORS.update);

  const tabCount = (type: MediaLibraryType) => countLabel(type === 'all' ? library.counts.total : library.counts[type]);
  const showCategories = !small || step === 'categories';
  const showMedia = !small || step === 'media';

  return (
    <Box sx={{ display: 'flex', height: '100%', minHeight: 0, bgcolor: 'background.paper' }} data-testid="library">
      {showCategories ? (
        <Box
          component="nav"
          aria-label="Media categories"
          sx={{ width: small ? '100%' : 280, flexShrink: 0, borderRight: small ? 0 : 1, borderColor: 'divider', minHeight: 0 }}
        >
          <CategoryPanel
            categories={categories.categories}
            error={categories.error}
            activeId={library.view.categoryId}
            onOpen={open}
            manage={manage}
            onAdd={may('POST /api/media/category') ? () => setPending({ kind: 'add' }) : undefined}
            onEdit={c => setPending({ kind: 'edit', category: c })}
            onDelete={c => setPending({ kind: 'delete-category', category: c })}
            onRetry={() => void categories.reload()}
            showChevrons={small}
          />
        </Box>
      ) : null}
      {showMedia ? (
        <Box component="section" aria-label="Media" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 1, sm: 2 }, pt: 1.5 }}>
            {small ? (
              <IconButton aria-label="Back to categories" onClick={() => setStep('categories')} data-testid="library-back" size="small">
                <ArrowBackIosNewIcon fontSize="small" />
              </IconButton>
            ) : null}
            <Typography variant="h6" component="h2" noWrap sx={{ flex: 1, minWidth: 0 }} data-testid="library-title">
              {active?.name ?? ALL_MEDIA.name}
            </Typography>
            <Tooltip title="Refresh">
              <IconButton aria-label="Refresh" onClick={refresh} data-testid="library-refresh" size="small">
                <RefreshIcon />
              </IconButton>
            </Tooltip>
          </Box>
          <Tabs
            value={library.view.type}
            onChange={(_e, v: MediaLibraryType) => library.setType(v)}
            variant="fullWidth"
            sx={{ px: { xs: 0, sm: 1 }, borderBottom: 1, borderColor: 'divider', minHeight: 40, '& .MuiTab-root': { minHeight: 40, textTransform: 'none' } }}
          >
            {TABS.map(t => (
              <Tab key={t.type} value={t.type} label={`${t.label} (${tabCount(t.type)})`} data-testid={`library-tab-${t.type}`} />
            ))}
          </Tabs>
          {manage && may('POST /api/media') ? (
            <Box sx={{ px: { xs: 1, sm: 2 }, pt: 1.5 }}>
              <UploadZone
                multiple={uploadsSeveral(role)}
                categoryId={ownCategoryOpen ? library.view.categoryId : null}
                onUploaded={() => {
                  library.refresh();
                  void categories.reload();
                }}
                compact={small}
              />
            </Box>
          ) : null}
          <SelectionBar
            small={small}
            manage={manage}
            may={may}
            ownCategoryOpen={ownCategoryOpen}
            count={selected.length}
            busy={busy}
            onClear={onClearSelection}
            onAssign={() => setPending({ kind: 'assign' })}
            onTakeOut={takeOut}
            onDelete={() => setPending({ kind: 'delete-media' })}
            extra={selectionBar}
          />
          <MediaGrid
            media={library.media}
            selected={ids}
            onToggle={onToggle}
            loading={library.loading}
            loaded={library.loaded}
            hasMore={library.hasMore}
            onLoadMore={library.loadMore}
            error={library.error}
            onRetry={library.reload}
          />
        </Box>
      ) : null}

      {manage ? (
        <LibraryDialogs
          pending={pending}
          busy={busy}
          count={selected.length}
          categories={categories.categories ?? []}
          onClose={() => setPending({ kind: 'none' })}
          onSaved={r => {
            categories.set(r.categories);
            if (r.message) notify(r.message, { type: 'success' });
            if (pending.kind === 'add' && r.category) open(r.category.id);
            setPending({ kind: 'none' });
          }}
          onAssign={c => void assign(c)}
          onDeleteCategory={c => void deleteCategory(c)}
          onRemove={() => void removeSelected()}
        />
      ) : null}
    </Box>
  );
}
