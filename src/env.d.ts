/// <reference types="astro/client" />

interface ImportMetaEnv {
  readonly PUBLIC_CONTACT_ENDPOINT?: string;
  readonly PUBLIC_REGISTRATION_ENDPOINT?: string;
  readonly PUBLIC_CONFIRMATION_ENDPOINT?: string;
}
