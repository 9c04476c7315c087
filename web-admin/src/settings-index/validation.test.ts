// The settings forms' range rule and the server's field refusal as the form's field error.
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { notBelow } from '../components/rangeValidators';
import { asFieldError } from '../dataProvider';

describe('notBelow', () => {
  const rule = notBelow('tips_minimum_amount');
  it('refuses a maximum under the minimum and lets equal, higher or unset values pass', () => {
    expect(rule(4, { tips_minimum_amount: 5 }, {})).toBe('The maximum must be at least the minimum');
    expect(rule(5, { tips_minimum_amount: 5 }, {})).toBeUndefined();
    expect(rule('400', { tips_minimum_amount: '5' }, {})).toBeUndefined();
    expect(rule(4, { tips_minimum_amount: null }, {})).toBeUndefined();
    expect(rule('', { tips_minimum_amount: 5 }, {})).toBeUndefined();
  });
});

describe('asFieldError', () => {
  it("puts a 400's named field into react-admin's errors, keeping the server's message", () => {
    const message = 'new_signup_design_title_font_size must be four sizes separated by |, e.g. 55px|65px|75px|85px.';
    const error = asFieldError(new HttpError(message, 400, { success: 0, message, field: 'new_signup_design_title_font_size' })) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe(message);
    expect(error.body.errors).toEqual({ new_signup_design_title_font_size: message });
  });
  it('leaves other errors as they are', () => {
    const stale = new HttpError('The settings changed since you opened them.', 412, { message: 'x' });
    expect(asFieldError(stale)).toBe(stale);
    const noField = new HttpError('Invalid request.', 400, { message: 'Invalid request.' });
    expect(asFieldError(noField)).toBe(noField);
  });
});
