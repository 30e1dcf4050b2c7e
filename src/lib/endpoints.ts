// Where the forms send their data. Set at build time (docs/configuration.md): scripts/build-env.mjs
// checks the variables (trimmed, absolute URLs) and astro.config.mjs passes the result here, the
// same values the Content-Security-Policy allows. Unset, the same-origin development collector of
// `npm start` is used and the build warns.
import { DEV_COLLECTOR } from '../../scripts/build-env.mjs';

interface FormEndpoints {
  contact: string;
  registration: string;
  confirmation: string;
}

declare const __FORM_ENDPOINTS__: FormEndpoints | undefined;

export const endpoints: Readonly<FormEndpoints> =
  typeof __FORM_ENDPOINTS__ === 'undefined' ? DEV_COLLECTOR : __FORM_ENDPOINTS__;
