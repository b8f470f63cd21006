import { describe, expect, it } from 'vitest';
import { firstPasswordError, passwordChangeRules, passwordScore, passwordStrength } from './password-rules';

describe('sign-up password rules', () => {
  it('shows the first failing rule in order', () => {
    expect(firstPasswordError('abc')).toBe('Password must be at least 8 characters');
    expect(firstPasswordError('abcdefgh')).toBe('Password must contain at least one uppercase letter');
    expect(firstPasswordError('ABCDEFGH')).toBe('Password must contain at least one lowercase letter');
    expect(firstPasswordError('Abcdefgh')).toBe('Password must contain at least one number');
    expect(firstPasswordError('Abcdefg1')).toBeNull();
  });

  it('adds a special character for a password change', () => {
    expect(firstPasswordError('Abcdefg1', passwordChangeRules)).toBe(
      'Password must contain at least one special character',
    );
    expect(firstPasswordError('Abcdefg1!', passwordChangeRules)).toBeNull();
  });
});

describe('strength meter', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abcdefgh', 25, 'Weak'],
    ['abcdefgh1', 45, 'Medium'],
    ['Abcdefgh', 50, 'Medium'],
    ['Abcdefgh1', 70, 'Strong'],
    ['Abcdefgh1234!', 100, 'Strong'],
    ['1234567', 20, 'Weak'],
  ])('%j scores %i (%s)', (password, score, label) => {
    expect(passwordScore(password)).toBe(score);
    expect(passwordStrength(passwordScore(password))).toBe(label);
  });

  it('puts the thresholds at 40 and 70', () => {
    expect(passwordStrength(39)).toBe('Weak');
    expect(passwordStrength(40)).toBe('Medium');
    expect(passwordStrength(69)).toBe('Medium');
    expect(passwordStrength(70)).toBe('Strong');
  });
});
