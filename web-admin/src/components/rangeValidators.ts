// Cross-field rules for react-admin inputs. They sit on the input they judge (not on the form): react-hook-form
// ignores every input's own `validate` as soon as a form-level validator is set, so one form-level rule would
// silently switch all the others off.
import type { Validator } from 'react-admin';

/** The maximum may not be below the minimum held in `minSource` (the server refuses an inverted range too). */
export const notBelow = (minSource: string): Validator => (value: unknown, allValues: Record<string, unknown>) => {
  const lo = Number(allValues?.[minSource]);
  const hi = Number(value);
  if (value == null || value === '' || allValues?.[minSource] == null || allValues[minSource] === '') return undefined;
  return Number.isFinite(lo) && Number.isFinite(hi) && hi < lo ? 'The maximum must be at least the minimum' : undefined;
};
