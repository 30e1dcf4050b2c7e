// The login form's rule (SPEC 5: "Login needs username and password"). zod/mini, since it ships in
// the login island.
import * as z from 'zod/mini';

export const LOGIN_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
} as const;

export const loginSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, LOGIN_MESSAGES.usernameRequired)),
  // Passwords are taken as typed: spaces may be part of them.
  password: z.string().check(z.minLength(1, LOGIN_MESSAGES.passwordRequired)),
});

export type LoginField = keyof typeof loginSchema.shape;
export const LOGIN_FIELDS: readonly LoginField[] = ['username', 'password'];
