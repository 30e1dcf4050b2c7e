// Where the forms send their data: the PUBLIC_*_ENDPOINT variables through astro:env
// (docs/configuration.md). tools/build-env.mjs checked them (trimmed, absolute URLs), the same
// values the Content-Security-Policy allows; unset, the same-origin development collector of
// `npm start` (the schema's default) is used and the build warns.
import {
  PUBLIC_CONFIRMATION_ENDPOINT,
  PUBLIC_CONTACT_ENDPOINT,
  PUBLIC_REGISTRATION_ENDPOINT,
} from 'astro:env/client';

interface FormEndpoints {
  contact: string;
  registration: string;
  confirmation: string;
}

export const endpoints: Readonly<FormEndpoints> = {
  contact: PUBLIC_CONTACT_ENDPOINT,
  registration: PUBLIC_REGISTRATION_ENDPOINT,
  confirmation: PUBLIC_CONFIRMATION_ENDPOINT,
};
