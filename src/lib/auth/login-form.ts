// The login form's rule (SPEC 5: "Login needs username and password").
import { z } from 'zod';

export const LOGIN_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
} as const;

export const loginSchema = z.object({
  username: z.string().trim().min(1, LOGIN_MESSAGES.usernameRequired),
  // Passwords are taken as typed: spaces may be part of them.
  password: z.string().min(1, LOGIN_MESSAGES.passwordRequired),
});

export type LoginField = keyof z.input<typeof loginSchema>;
export const LOGIN_FIELDS: readonly LoginField[] = ['username', 'password'];
