// Field-level validation shared by the server and the apps. Messages are the spec's exact texts.
import { DomainError } from './decider';

export class ValidationError extends DomainError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message, 'VALIDATION', 400, { field });
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** One person, one account: emails are trimmed and lower-cased before anything compares them. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export function isValidEmail(email: string): boolean {
  return EMAIL.test(email) && email.length <= 254;
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The password rule both sides apply; undefined when the password is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Password cannot be more than ${PASSWORD_MAX} characters.`;
  return undefined;
}
