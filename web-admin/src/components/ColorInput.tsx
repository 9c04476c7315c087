import { InputAdornment, TextField } from '@mui/material';
import { FieldTitle, useInput, type InputProps } from 'react-admin';

const HEX6 = /^#[0-9a-f]{6}$/i;
const HEX3 = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i;

/** #rgb → #rrggbb for the native picker (which only takes 6-digit hex). */
const toPickerValue = (value: string): string => {
  if (HEX6.test(value)) return value;
  const short = HEX3.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  return '#000000';
};

export const isHexColor = (value: unknown) =>
  typeof value === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value.trim())
    ? undefined
    : 'Enter a colour as #rrggbb';

/** A colour field: a hex text box with the browser's colour picker beside it. */
export function ColorInput(props: InputProps & { helperText?: string }) {
  const { source, label, helperText } = props;
  const { field, fieldState, isRequired, id } = useInput({ ...props, validate: props.validate ?? isHexColor });
  const value = typeof field.value === 'string' ? field.value : '';
  const error = fieldState.error?.message;
  return (
    <TextField
      id={id}
      name={field.name}
      value={value}
      onChange={e => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={<FieldTitle label={label} source={source} isRequired={isRequired} />}
      error={Boolean(error)}
      helperText={error ?? helperText}
      size="small"
      sx={{ width: { xs: '100%', sm: 360 }, mb: 1 }}
      slotProps={{
        htmlInput: { 'data-testid': `color-${source}`, spellCheck: false },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <input
                type="color"
                aria-label={`${typeof label === 'string' ? label : source} picker`}
                data-testid={`color-picker-${source}`}
                value={toPickerValue(value)}
                onChange={e => field.onChange(e.target.value)}
                style={{ width: 32, height: 28, padding: 0, border: 'none', background: 'none', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
