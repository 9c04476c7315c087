import { describe, expect, it } from 'vitest';
import { DomainError } from './decider';
import { ValidationError, isValidEmail, normaliseEmail } from './validation';

describe('ValidationError', () => {
  it('is a DomainError with code VALIDATION, status 400 and the field', () => {
    const e = new ValidationError('email', 'Please enter an email.');
    expect(e).toBeInstanceOf(DomainError);
    expect(e.message).toBe('Please enter an email.');
    expect(e.code).toBe('VALIDATION');
    expect(e.status).toBe(400);
    expect(e.field).toBe('email');
    expect(e.details).toEqual({ field: 'email' });
  });
});

describe('normaliseEmail', () => {
  it('trims and lower-cases', () => {
    expect(normaliseEmail('  Fan@Example.COM \n')).toBe('fan@example.com');
  });
});

describe('isValidEmail', () => {
  it.each(['fan@example.com', 'a.b+c@sub.example.co', 'x@y.io'])('accepts %s', (e) => {
    expect(isValidEmail(e)).toBe(true);
  });

  it.each(['', 'fan', 'fan@', '@example.com', 'fan@example', 'fan@example.c', 'fan @example.com', 'fan@exa mple.com', 'a@b@c.com'])(
    'rejects %j',
    (e) => {
      expect(isValidEmail(e)).toBe(false);
    },
  );

  it('rejects addresses longer than 254 characters', () => {
    const local = 'a'.repeat(64);
    const long = `${local}@${'b'.repeat(186)}.com`; // 64 + 1 + 186 + 4 = 255
    expect(long.length).toBe(255);
    expect(isValidEmail(long)).toBe(false);
    expect(isValidEmail(long.slice(1))).toBe(true);
  });
});
