// The Mass Message dialog's audience and timing: who gets it (with its help), how fans who subscribe later get it
// (with its help; a delay in hours), or an audience by behaviour (top spenders, expired, a post's buyers or
// non-buyers) with how many fans it reaches now; when it goes (Now or Schedule, not for future subscribers only),
// and a summary.
import { useMemo } from 'react';
import { Alert, Divider, FormControlLabel, Radio, RadioGroup, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { HelpButton, ScheduleFields } from '../posts/parts';
import { useLimitTiers } from '../posts/WhoCanSee';
import { defaultSchedule, type Schedule } from '../posts/rules';
import type { Audience, MassDelivery } from './api';
import { Block, DelayHoursField, HelpList } from './parts';
import { AudienceCount, SegmentFields } from './MassSegmentFields';
import { initialSegmentInput, SEGMENT_HELP, SEGMENT_LABELS, type SegmentChoice, type SegmentInput } from './audienceRules';
import type { SegmentKind } from '../../../domain/chat/audience';
import {
  AUDIENCE_HELP,
  AUDIENCE_LABELS,
  audienceSummary,
  chooseAudience,
  deliveryHelp,
  MASS_DELIVERY_LABELS,
  offersFutureDelivery,
  offersSchedule,
  scheduledAt,
  type MessageErrors,
} from './rules';

/** Who gets the mass message and when. */
export interface MassWhen {
  audience: Audience;
  delivery: MassDelivery;
  delayText: string;
  scheduleOn: boolean;
  schedule: Schedule;
  /** 'subscribers': the audience above; otherwise an audience by behaviour (sent to ONLY_EXISTING). */
  segment: SegmentChoice;
  segmentInput: SegmentInput;
}

export const initialWhen = (delayText: string): MassWhen => ({
  segment: 'subscribers',
  segmentInput: initialSegmentInput(),
  audience: 'EVERYONE',
  delivery: 'STAGGER_OVER_TIME',
  delayText,
  scheduleOn: false,
  schedule: defaultSchedule(new Date()),
});

export function MassAudienceFields({
  when,
  onWhen,
  errors,
  busy,
  stagger,
}: {
  when: MassWhen;
  /** A change, and the errors it clears. */
  onWhen: (change: Partial<MassWhen>, ...cleared: (keyof MessageErrors)[]) => void;
  errors: MessageErrors;
  busy: boolean;
  stagger: { min: number; max: number };
}) {
  const { audience, delivery, delayText, scheduleOn, schedule, segment } = when;
  // "Members of a tier and above" once the creator has a tier besides the base one.
  const tiers = useLimitTiers();
  const summary = useMemo(
    () => {
      const at = scheduledAt({ audience, scheduleOn, schedule });
      if (segment !== 'subscribers') return `${SEGMENT_LABELS[segment]} get it ${at ? `on ${new Date(at).toLocaleString()}` : 'now'}, as found then; fans who subscribe later do not.`;
      return audienceSummary(audience, delivery, delayText, at, stagger);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [audience, delivery, delayText, scheduleOn, schedule, segment, stagger.min, stagger.max]
  );
  return (
    <>
      <Block
        title="Send to"
        action={
          <HelpButton title="Who gets it?" testId="audience-help">
            <HelpList lines={[...AUDIENCE_HELP, ...SEGMENT_HELP]} />
          </HelpButton>
        }
      >
        <RadioGroup
          value={when.segment === 'subscribers' ? when.audience : when.segment}
          onChange={(_, v) => {
            if (v in SEGMENT_LABELS) {
              // An audience by behaviour is found when it goes out: like "only current subscribers".
              onWhen({ segment: v as SegmentKind, audience: 'ONLY_EXISTING' }, 'schedule', 'delay');
              return;
            }
            const next = chooseAudience(when, v as Audience);
            onWhen({ segment: 'subscribers', audience: next.audience, delivery: next.delivery, scheduleOn: next.scheduleOn }, 'schedule', 'delay');
          }}
          aria-label="Send to"
        >
          {(Object.keys(AUDIENCE_LABELS) as Audience[]).map(a => (
            <FormControlLabel key={a} value={a} control={<Radio size="small" />} label={AUDIENCE_LABELS[a]} disabled={busy} data-testid={`audience-${a}`} />
          ))}
          <Divider sx={{ my: 0.5 }} textAlign="left">
            <Typography variant="caption" color="text.secondary">
              By behaviour
            </Typography>
          </Divider>
          {(Object.keys(SEGMENT_LABELS) as SegmentKind[]).filter(k => k !== 'tier' || tiers.length > 0).map(k => (
            <FormControlLabel key={k} value={k} control={<Radio size="small" />} label={SEGMENT_LABELS[k]} disabled={busy} data-testid={`audience-${k}`} />
          ))}
        </RadioGroup>
        <Stack spacing={1.5} sx={{ mt: 1 }}>
          <SegmentFields segment={when.segment} value={when.segmentInput} onChange={v => onWhen({ segmentInput: { ...when.segmentInput, ...v } })} disabled={busy} />
          <AudienceCount audience={when.audience} segment={when.segment} value={when.segmentInput} />
        </Stack>
      </Block>
      {when.segment === 'subscribers' && offersFutureDelivery(when.audience) ? (
        <Block
          title="Fans who subscribe later get it"
          action={
            <HelpButton title="Delivery to future subscribers" testId="delivery-help">
              <HelpList lines={deliveryHelp(stagger.min, stagger.max)} />
            </HelpButton>
          }
        >
          <RadioGroup
            value={when.delivery}
            onChange={(_, v) => onWhen({ delivery: v as MassDelivery }, 'delay')}
            aria-label="Delivery to future subscribers"
          >
            {(Object.keys(MASS_DELIVERY_LABELS) as MassDelivery[]).map(d => (
              <FormControlLabel key={d} value={d} control={<Radio size="small" />} label={MASS_DELIVERY_LABELS[d]} disabled={busy} data-testid={`delivery-${d}`} />
            ))}
          </RadioGroup>
          {when.delivery === 'DELAY_BY_HOURS' ? <DelayHoursField value={when.delayText} onChange={v => onWhen({ delayText: v }, 'delay')} error={errors.delay} disabled={busy} /> : null}
        </Block>
      ) : null}
      {offersSchedule(when.audience) ? (
        <Block title="When">
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={when.scheduleOn ? 'schedule' : 'now'}
            onChange={(_, v: 'now' | 'schedule' | null) => v && onWhen({ scheduleOn: v === 'schedule' }, 'schedule')}
            disabled={busy}
            aria-label="When"
            sx={{ mb: when.scheduleOn ? 1.5 : 0 }}
          >
            <ToggleButton value="now" data-testid="mass-when-now" sx={{ px: 2, gap: 0.75 }}>
              <SendIcon fontSize="small" /> Now
            </ToggleButton>
            <ToggleButton value="schedule" data-testid="mass-when-schedule" sx={{ px: 2, gap: 0.75 }}>
              <ScheduleIcon fontSize="small" /> Schedule
            </ToggleButton>
          </ToggleButtonGroup>
          {when.scheduleOn ? <ScheduleFields value={when.schedule} onChange={s => onWhen({ schedule: s }, 'schedule')} error={errors.schedule} disabled={busy} /> : null}
        </Block>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Scheduling is not offered for future subscribers only.
        </Typography>
      )}
      <Alert severity="info" variant="outlined" data-testid="mass-summary">
        {summary}
      </Alert>
    </>
  );
}
