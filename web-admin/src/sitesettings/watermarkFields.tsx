// Site settings: the watermark drawn on photo originals and web videos when they are rendered (never on the
// blurred previews). Validated again by the server (api/routes/staff.ts); rules in domain/media/watermark.ts.
import type { ReactNode } from 'react';
import { BooleanInput, maxLength, maxValue, minValue, NumberInput, regex, required, SelectInput, TextInput } from 'react-admin';
import { WATERMARK_COLOR, WATERMARK_SIZE_MAX, WATERMARK_SIZE_MIN, WATERMARK_TEXT_MAX } from '../../../domain/media/watermark';
import { DEFAULT_SETTINGS as D, type SiteSettings } from '../../../domain/settings/settings';

export type WatermarkTab = 'watermark';

type Add = (
  def: { tab: WatermarkTab; source: keyof SiteSettings; label: string; help: string; shownDefault: string },
  input: (helperText: string) => ReactNode,
) => void;

const POSITIONS = [
  { id: 'top_left', name: 'Top left' },
  { id: 'top_right', name: 'Top right' },
  { id: 'bottom_left', name: 'Bottom left' },
  { id: 'bottom_right', name: 'Bottom right' },
  { id: 'center', name: 'Centre' },
];
const narrow = { width: { xs: '100%', sm: 360 } };

export function watermarkFieldDefs(add: Add) {
  const tab = 'watermark' as const;
  add(
    { tab, source: 'enable_watermark', label: 'Watermark', help: 'Draw a text watermark on photos and videos uploaded or reprocessed from now on. Blurred previews never carry it.', shownDefault: D.enable_watermark ? 'on' : 'off' },
    h => <BooleanInput source="enable_watermark" label="Watermark" helperText={h} />
  );
  add({ tab, source: 'watermark_text', label: 'Watermark text', help: 'Empty: the model name.', shownDefault: 'empty' }, h => (
    <TextInput source="watermark_text" label="Watermark text" helperText={h} validate={maxLength(WATERMARK_TEXT_MAX)} sx={narrow} />
  ));
  add({ tab, source: 'watermark_size', label: 'Watermark size', help: `Text height in percent of the picture's width (${WATERMARK_SIZE_MIN} to ${WATERMARK_SIZE_MAX}).`, shownDefault: `${D.watermark_size}%` }, h => (
    <NumberInput
      source="watermark_size"
      label="Watermark size (%)"
      helperText={h}
      min={WATERMARK_SIZE_MIN}
      max={WATERMARK_SIZE_MAX}
      step={1}
      validate={[required(), minValue(WATERMARK_SIZE_MIN), maxValue(WATERMARK_SIZE_MAX)]}
      sx={narrow}
    />
  ));
  add({ tab, source: 'watermark_color', label: 'Watermark colour', help: '#rrggbb, or #rrggbbaa where aa is the opacity (80 = half).', shownDefault: D.watermark_color }, h => (
    <TextInput source="watermark_color" label="Watermark colour" helperText={h} validate={[required(), regex(WATERMARK_COLOR, 'Enter a colour as #rrggbb or #rrggbbaa')]} sx={narrow} />
  ));
  add({ tab, source: 'watermark_position', label: 'Watermark position', help: 'Where on the picture the watermark goes.', shownDefault: 'bottom right' }, h => (
    <SelectInput source="watermark_position" label="Watermark position" helperText={h} choices={POSITIONS} validate={required()} sx={narrow} />
  ));
}
