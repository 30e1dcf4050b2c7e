// Where the forms send their data. Set at build time (README, "Configuration"); when a variable is
// unset the same-origin development collector of `npm start` is used and the build warns.
import { DEV_COLLECTOR } from '../../scripts/build-env.mjs';

export const endpoints = {
  contact: import.meta.env.PUBLIC_CONTACT_ENDPOINT || DEV_COLLECTOR.contact,
  registration: import.meta.env.PUBLIC_REGISTRATION_ENDPOINT || DEV_COLLECTOR.registration,
  confirmation: import.meta.env.PUBLIC_CONFIRMATION_ENDPOINT || DEV_COLLECTOR.confirmation,
} as const;
