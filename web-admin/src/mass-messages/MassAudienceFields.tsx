// The Mass Message dialog's audience and timing: who gets it (with its help), how fans who subscribe later get it
// (with its help; a delay in hours), when it goes (scheduling, not for future subscribers only), and a summary.
import { useMemo } from 'react';
import { Alert, FormControlLabel, Radio, RadioGroup, Switch, Typography } from '@mui/material';
import { HelpButton, ScheduleFields } from '../posts/parts';
import { defaultSchedule, type Schedule } from '../posts/rules';
import type { Audience, MassDelivery } from './api';
import { Block, DelayHoursField, HelpList } from './parts';
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
}

export const initialWhen = (delayText: string): MassWhen => ({
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
  const { audience, delivery, delayText, scheduleOn, schedule } = when;
  const summary = useMemo(
    () => audienceSummary(audience, delivery, delayText, scheduledAt({ audience, scheduleOn, schedule }), stagger),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [audience, delivery, delayText, scheduleOn, schedule, stagger.min, stagger.max]
  );
  return (
    <>
      <Block
        title="Send to"
        action={
          <HelpButton title="Who gets it?" testId="audience-help">
            <HelpList lines={AUDIENCE_HELP} />
          </HelpButton>
        }
      >
        <RadioGroup
          value={when.audience}
          onChange={(_, v) => {
            const next = chooseAudience(when, v as Audience);
            onWhen({ audience: next.audience, delivery: next.delivery, scheduleOn: next.scheduleOn }, 'schedule', 'delay');
          }}
          aria-label="Send to"
        >
          {(Object.keys(AUDIENCE_LABELS) as Audience[]).map(a => (
            <FormControlLabel key={a} value={a} control={<Radio size="small" />} label={AUDIENCE_LABELS[a]} disabled={busy} data-testid={`audience-${a}`} />
          ))}
        </RadioGroup>
      </Block>
      {offersFutureDelivery(when.audience) ? (
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
          <FormControlLabel
            control={<Switch checked={when.scheduleOn} onChange={(_, on) => onWhen({ scheduleOn: on }, 'schedule')} disabled={busy} slotProps={{ input: { role: 'switch', 'data-testid': 'mass-schedule-switch' } as object }} />}
            label={when.scheduleOn ? 'Scheduled' : 'Send now'}
          />
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
