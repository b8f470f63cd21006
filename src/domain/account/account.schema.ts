import { z } from 'zod';
import {
  firstPasswordError,
  PASSWORD_MAX_LENGTH,
  passwordChangeRules,
  signUpPasswordRules,
} from '../auth/password-rules';

export const EMAIL_INVALID = 'Please enter a valid email address';
export const EMAIL_REQUIRED = 'Enter your email address';
export const EMAIL_UNCHANGED = 'New email must be different from current email';
export const PASSWORD_INCORRECT = 'Incorrect password';
export const PASSWORD_REQUIRED = 'Enter your password';
export const PASSWORDS_DIFFER = 'New passwords do not match';
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const EMAIL_TAKEN = 'That email address belongs to another account';
export const EMAIL_CHANGE_LINK_INVALID =
  'This link is not valid any more: it was used, cancelled or has expired. Start again from Settings.';
export const TWO_FACTOR_CODE_REQUIRED =
  'Enter the 6-digit code from your authenticator app, or a backup code';
export const TWO_FACTOR_CODE_INVALID = 'Invalid verification code';
export const TWO_FACTOR_NOT_ON = 'Two-factor authentication is not on';
/** A change of address waits while the previous one can still be undone from the old address. */
export const emailChangeLockedMessage = (until: string) =>
  `Your email address was changed recently. It can change again after ${until}, once the previous address can no longer undo that change.`;

/** With two-factor sign-in on, a sensitive change also takes a code: 6 digits, or a backup code. */
const secondFactorCode = z.string().trim().max(64, TWO_FACTOR_CODE_INVALID).optional();

/** An email address as every form takes it: trimmed, lower-cased, at most 254 characters. */
export const emailAddressSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, EMAIL_REQUIRED)
  .max(254, EMAIL_INVALID)
  .pipe(z.email(EMAIL_INVALID));

/** A member's full name: required, at most 100 characters (sign-up, settings and the admin alike). */
export const FULL_NAME_MAX = 100;
export const fullNameSchema = z
  .string()
  .trim()
  .min(1, 'Full name is required')
  .max(FULL_NAME_MAX, `Keep the name under ${FULL_NAME_MAX} characters`);

/** Sign-up: full name and email required; the password rules in order, first failure shown. */
export const signUpSchema = z.object({
  fullName: fullNameSchema,
  email: emailAddressSchema,
  password: z
    .string()
    .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG)
    .superRefine((value, ctx) => {
      const message = firstPasswordError(value, signUpPasswordRules);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
});
export type SignUp = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailAddressSchema,
  password: z.string().min(1, 'Password is required'),
});

/** A user's own profile update: only the full name. Any other key (plan, blocked, role …) is refused. */
export const profileUpdateSchema = z.strictObject({ fullName: fullNameSchema }).meta({ id: 'ProfileUpdate' });

export const changeEmailSchema = z
  .object({
    newEmail: emailAddressSchema,
    password: z.string().min(1, PASSWORD_REQUIRED),
    code: secondFactorCode,
  })
  .meta({ id: 'ChangeEmail' });

/** The token of an email-change link (confirm from the new address, cancel from the old one). */
export const emailChangeTokenSchema = z
  .object({ token: z.string().min(20, EMAIL_CHANGE_LINK_INVALID).max(200, EMAIL_CHANGE_LINK_INVALID) })
  .meta({ id: 'EmailChangeToken' });

/** The password change rules (sign-up's and a special character), plus a matching confirmation. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password'),
    newPassword: z
      .string()
      .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG)
      .superRefine((value, ctx) => {
        const message = firstPasswordError(value, passwordChangeRules);
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  })
  .meta({ id: 'ChangePassword' });
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** Turning two-factor sign-in off takes the password and a code (a stolen session has neither). */
export const disableTwoFactorSchema = z
  .object({
    password: z.string().min(1, PASSWORD_REQUIRED),
    code: z.string().trim().min(1, TWO_FACTOR_CODE_REQUIRED).max(64, TWO_FACTOR_CODE_INVALID),
  })
  .meta({ id: 'DisableTwoFactor' });

export const deleteAccountSchema = z
  .object({ password: z.string().min(1, PASSWORD_REQUIRED), code: secondFactorCode })
  .meta({ id: 'DeleteAccount' });

/** A 2FA code field keeps digits only, at most 6; Enable needs exactly 6. */
export function sanitizeTwoFactorInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

export function isCompleteTwoFactorCode(value: string): boolean {
  return /^\d{6}$/.test(value);
}
