// The composer's settings card: visibility (as the settings offer it), who can see it (a tier), the amount of a locked post, the category,
// the tags and the schedule.
import { Box, Card, CardContent, Collapse, Divider, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Switch, Typography } from '@mui/material';
import type { FeedTagView } from '../../../domain/feed-tag/feed-tag';
import type { PostVisibility } from '../../../domain/post/wire';
import { useState } from 'react';
import { CategoryPicker } from './CategoryPicker';
import { VISIBILITY_LABEL } from './composer';
import { AmountField, ScheduleFields } from './parts';
import type { ComposerErrors, Schedule } from './rules';
import { SelectTagsDialog } from './SelectTagsDialog';
import { TagChips } from './TagChips';
import { WhoCanSee } from './WhoCanSee';

const VISIBILITY_HELP: Record<PostVisibility, string> = {
  locked: 'Fans pay the amount below to unlock this post.',
  private: 'Free for subscribers.',
  public: 'Everyone can see this post.',
};

export interface ComposerSettingsProps {
  busy: boolean;
  errors: ComposerErrors;
  choices: PostVisibility[];
  visibility: PostVisibility;
  onVisibility: (next: PostVisibility) => void;
  amount: string;
  onAmount: (value: string) => void;
  onAmountBlur: () => void;
  bounds: { min: number; max: number };
  showCategory: boolean;
  categoryId: string | null;
  onCategory: (id: string | null) => void;
  showTags: boolean;
  tags: FeedTagView[];
  onTags: (tags: FeedTagView[]) => void;
  scheduleOn: boolean;
  onScheduleOn: (on: boolean) => void;
  schedule: Schedule;
  onSchedule: (next: Schedule) => void;
  /** The lowest tier that sees the post (null: every subscriber). */
  minTierId: string | null;
  onMinTier: (tierId: string | null) => void;
}

export function ComposerSettings(props: ComposerSettingsProps) {
  const { busy, errors, choices, visibility, onVisibility, amount, onAmount, onAmountBlur, bounds, showCategory, categoryId, onCategory } = props;
  const { showTags, tags, onTags, scheduleOn, onScheduleOn, schedule, onSchedule, minTierId, onMinTier } = props;
  const locked = visibility === 'locked';
  const [tagsOpen, setTagsOpen] = useState(false);
  return (
    <>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <FormControl disabled={busy} error={Boolean(errors.visibility)}>
            <FormLabel id="visibility-label" sx={{ fontWeight: 600, color: 'text.primary', '&.Mui-focused': { color: 'text.primary' } }}>
              Visibility
            </FormLabel>
            <RadioGroup row aria-labelledby="visibility-label" value={visibility} onChange={e => onVisibility(e.target.value as PostVisibility)}>
              {choices.map(v => (
                <FormControlLabel key={v} value={v} control={<Radio />} label={VISIBILITY_LABEL[v]} />
              ))}
            </RadioGroup>
            <FormHelperText sx={{ mx: 0 }}>{errors.visibility ?? VISIBILITY_HELP[visibility]}</FormHelperText>
          </FormControl>

          <WhoCanSee visibility={visibility} value={minTierId} onChange={onMinTier} disabled={busy} />

          {locked ? (
            <AmountField
              value={amount}
              onChange={onAmount}
                      onBlur={onAmountBlur}
              error={errors.amount}
              helperText={`Whole dollars, between ${bounds.min} and ${bounds.max}.`}
              disabled={busy}
            />
          ) : null}

          {showCategory ? <CategoryPicker value={categoryId} onChange={onCategory} disabled={busy} /> : null}

          {showTags ? (
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                Tags
              </Typography>
              <TagChips tags={tags} onOpen={() => setTagsOpen(true)} onRemove={id => onTags(tags.filter(x => x._id !== id))} disabled={busy} />
            </Box>
          ) : null}

          <Divider />
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={scheduleOn}
                  onChange={(_, on) => onScheduleOn(on)}
                  disabled={busy}
                  slotProps={{ input: { role: 'switch', 'data-testid': 'schedule-switch' } as object }}
                />
              }
              label="Schedule"
            />
            <Collapse in={scheduleOn} unmountOnExit>
              <Box sx={{ pt: 1.5 }}>
                <ScheduleFields
                  value={schedule}
                  onChange={onSchedule}
                  error={errors.schedule}
                  disabled={busy}
                />
              </Box>
            </Collapse>
            {!scheduleOn ? (
              <Typography variant="caption" color="text.secondary" component="p">
                Off: the post goes live as soon as its media is processed.
              </Typography>
            ) : null}
          </Box>
        </CardContent>
      </Card>
      <SelectTagsDialog
        open={tagsOpen}
        selected={tags.map(t => t._id)}
        onClose={() => setTagsOpen(false)}
        onUpdate={(_, chosen) => {
          onTags(chosen);
          setTagsOpen(false);
        }}
      />
    </>
  );
}
