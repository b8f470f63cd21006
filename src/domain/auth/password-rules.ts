/** Sign-up password rules, in the order they are checked; the first failing one is shown. */
export const PASSWORD_MIN_LENGTH = 8;
/** better-auth's limit too (`maxPasswordLength`). */
export const PASSWORD_MAX_LENGTH = 128;

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';
  label: string;
  message: string;
  test(password: string): boolean;
}

const lengthRule: PasswordRule = {
  id: 'length',
  label: 'At least 8 characters',
  message: 'Password must be at least 8 characters',
  test: (password) => password.length >= PASSWORD_MIN_LENGTH,
};
const uppercaseRule: PasswordRule = {
  id: 'uppercase',
  label: 'One uppercase letter',
  message: 'Password must contain at least one uppercase letter',
  test: (password) => /[A-Z]/.test(password),
};
const lowercaseRule: PasswordRule = {
  id: 'lowercase',
  label: 'One lowercase letter',
  message: 'Password must contain at least one lowercase letter',
  test: (password) => /[a-z]/.test(password),
};
const numberRule: PasswordRule = {
  id: 'number',
  label: 'One number',
  message: 'Password must contain at least one number',
  test: (password) => /\d/.test(password),
};
const specialRule: PasswordRule = {
  id: 'special',
  label: 'One special character',
  message: 'Password must contain at least one special character',
  test: (password) => /[^A-Z0-9]/i.test(password),
};

export const signUpPasswordRules: readonly PasswordRule[] = [
  lengthRule,
  uppercaseRule,
  lowercaseRule,
  numberRule,
];
/** Password change adds a special character. */
export const passwordChangeRules: readonly PasswordRule[] = [
  lengthRule,
  lowercaseRule,
  uppercaseRule,
  numberRule,
  specialRule,
];

/** The message of the first rule the password breaks, or null when it passes them all. */
export function firstPasswordError(
  password: string,
  rules: readonly PasswordRule[] = signUpPasswordRules,
): string | null {
  return rules.find((rule) => !rule.test(password))?.message ?? null;
}

export type PasswordStrength = 'Weak' | 'Medium' | 'Strong';

/** The strength meter: 25 length ≥ 8, +10 ≥ 12, +25 both cases, +20 digit, +20 symbol, max 100. */
export function passwordScore(password: string): number {
  let score = 0;
  if (password.length >= 8) score += 25;
  if (password.length >= 12) score += 10;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score += 25;
  if (/\d/.test(password)) score += 20;
  if (/[^A-Z0-9]/i.test(password)) score += 20;
  return Math.min(score, 100);
}

export function passwordStrength(score: number): PasswordStrength {
  if (score < 40) return 'Weak';
  if (score < 70) return 'Medium';
  return 'Strong';
}
