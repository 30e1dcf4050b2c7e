// The login form's rule (SPEC 5: "Login needs username and password"). The plain rules of
// lib/validation/rules (not zod), since it ships in the login island.
import { type FormSchema, formSchema, minLength, text, untrimmedText } from '@/lib/validation/rules';

export const LOGIN_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
} as const;

export interface LoginCredentials {
  username: string;
  password: string;
}
export type LoginField = keyof LoginCredentials;

export const loginSchema: FormSchema<LoginCredentials> = formSchema({
  username: text(LOGIN_MESSAGES.usernameRequired, [minLength(1, LOGIN_MESSAGES.usernameRequired)]),
  // Passwords are taken as typed: spaces may be part of them.
  password: untrimmedText(LOGIN_MESSAGES.passwordRequired, [minLength(1, LOGIN_MESSAGES.passwordRequired)]),
});

export const LOGIN_FIELDS: readonly LoginField[] = ['username', 'password'];
