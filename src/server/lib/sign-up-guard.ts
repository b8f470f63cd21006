import { APIError } from 'better-auth/api';
import { z } from 'zod';
import { signUpSchema } from '@/domain/account/account.schema';

/** A field the form leaves empty reaches its schema as '' (the form's own message, not a type error). */
const asFormField = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? '', schema);

/**
 * better-auth's sign-up body, checked with the sign-up form's own field schemas under better-auth's
 * field names: what the form refuses, the server refuses with the message the form shows. better-auth
 * would take any name and an `image` (or any extra field); the app sends neither, so a body with a
 * field the form does not send is refused.
 */
const signUpBodySchema = z.strictObject({
  name: asFormField(signUpSchema.shape.fullName),
  email: asFormField(signUpSchema.shape.email),
  password: asFormField(signUpSchema.shape.password),
  callbackURL: z.string().optional(),
  rememberMe: z.boolean().optional(),
});

/**
 * The sign-up body better-auth goes on with (the name trimmed, the address as the form sends it), or a
 * 422 in better-auth's error shape `{ code, message }` with the first problem, which its client shows.
 */
export function checkSignUpBody(body: unknown): z.output<typeof signUpBodySchema> {
  const result = signUpBodySchema.safeParse(body);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message ?? 'Check the sign-up form';
  throw new APIError('UNPROCESSABLE_ENTITY', { code: 'VALIDATION_ERROR', message });
}
