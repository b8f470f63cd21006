import { describe, expect, it } from 'vitest';
import {
  changeEmailSchema,
  changePasswordSchema,
  isCompleteTwoFactorCode,
  profileUpdateSchema,
  sanitizeTwoFactorInput,
  signUpSchema,
} from './account.schema';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('sign-up', () => {
  it('requires full name and a valid email, and shows the first failing password rule', () => {
    const valid = { fullName: 'Ann', email: 'ann@example.com', password: 'Abcdefg1' };
    expect(signUpSchema.safeParse(valid).success).toBe(true);
    expect(firstMessage(signUpSchema.safeParse({ ...valid, fullName: '  ' }))).toBe('Full name is required');
    expect(firstMessage(signUpSchema.safeParse({ ...valid, email: 'ann' }))).toBe(
      'Please enter a valid email address',
    );
    // Nothing typed yet is not an invalid address.
    expect(firstMessage(signUpSchema.safeParse({ ...valid, email: '  ' }))).toBe('Enter your email address');
    expect(firstMessage(signUpSchema.safeParse({ ...valid, password: 'short' }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(firstMessage(signUpSchema.safeParse({ ...valid, password: 'lowercase1' }))).toBe(
      'Password must contain at least one uppercase letter',
    );
  });

  it('refuses a password longer than the server takes (128), before the server does', () => {
    const valid = { fullName: 'Ann', email: 'ann@example.com', password: `Ab1${'x'.repeat(125)}` };
    expect(signUpSchema.safeParse(valid).success).toBe(true);
    expect(firstMessage(signUpSchema.safeParse({ ...valid, password: `${valid.password}y` }))).toBe(
      'Password must be at most 128 characters',
    );
  });
});

describe('password change', () => {
  const base = { currentPassword: 'whatever', newPassword: 'Abcdefg1!', confirmPassword: 'Abcdefg1!' };
  it.each([
    ['Abc1!', 'Password must be at least 8 characters'],
    ['ABCDEFG1!', 'Password must contain at least one lowercase letter'],
    ['abcdefg1!', 'Password must contain at least one uppercase letter'],
    ['Abcdefgh!', 'Password must contain at least one number'],
    ['Abcdefgh1', 'Password must contain at least one special character'],
  ])('%s → %s', (newPassword, message) => {
    expect(
      firstMessage(changePasswordSchema.safeParse({ ...base, newPassword, confirmPassword: newPassword })),
    ).toBe(message);
  });

  it("says 'New passwords do not match' when the confirmation differs", () => {
    expect(firstMessage(changePasswordSchema.safeParse({ ...base, confirmPassword: 'Abcdefg1?' }))).toBe(
      'New passwords do not match',
    );
    expect(changePasswordSchema.safeParse(base).success).toBe(true);
  });
});

describe('email change', () => {
  it('needs a valid address and lower-cases it', () => {
    expect(firstMessage(changeEmailSchema.safeParse({ newEmail: 'nope', password: 'x' }))).toBe(
      'Please enter a valid email address',
    );
    expect(changeEmailSchema.parse({ newEmail: ' New@Example.COM ', password: 'x' }).newEmail).toBe(
      'new@example.com',
    );
  });
});

describe('own profile update', () => {
  it('accepts the full name and refuses any other field', () => {
    expect(profileUpdateSchema.safeParse({ fullName: 'Ann' }).success).toBe(true);
    for (const key of ['subscriptionPlan', 'blocked', 'createdAt', 'userId', 'role']) {
      expect(profileUpdateSchema.safeParse({ fullName: 'Ann', [key]: 'x' }).success, key).toBe(false);
    }
  });
});

describe('2FA code input', () => {
  it('keeps digits only, at most 6, and needs exactly 6 to enable', () => {
    expect(sanitizeTwoFactorInput('12a 3-45678')).toBe('123456');
    expect(sanitizeTwoFactorInput('abc')).toBe('');
    expect(isCompleteTwoFactorCode('12345')).toBe(false);
    expect(isCompleteTwoFactorCode('123456')).toBe(true);
  });
});
