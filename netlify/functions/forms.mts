// The form handler as a Netlify Function (docs/deployment.md, "Forms and e-mail"): the same code as `npm start`
// (server/form-handler/handler.ts) on the same three same-origin routes the build points the forms to
// when the PUBLIC_*_ENDPOINT variables are unset. Netlify bundles this file and its imports itself.
import { createFormHandler, type FormHandler, type FormName } from '../../server/form-handler/handler';
import { readRateLimit } from '../../server/form-handler/config';
import { createSmtpSender } from '../../server/form-handler/node';
import { siteFacts } from '../../server/form-handler/site';

/** FORM_ROUTES of src/lib/config/shared.mjs, written out: Netlify reads `config` without running the file. */
export const config = {
  path: ['/api/forms/contact', '/api/forms/registration', '/api/forms/confirmation'],
  method: ['POST'],
};

const routes: Record<string, FormName> = {
  '/api/forms/contact': 'contact',
  '/api/forms/registration': 'registration',
  '/api/forms/confirmation': 'confirmation',
};

// Made on the first request and kept while the instance lives (its rate limits with it).
let handle: FormHandler | undefined;

/** The forms' answer while the function cannot send (JSON with `error`, as every other failure). */
const notConfigured = () =>
  Response.json(
    {
      error: 'The form cannot be sent at the moment. Please try again later, or call or email us.',
      success: false,
    },
    { status: 503, headers: { 'Cache-Control': 'no-store' } },
  );

export default async function forms(request: Request, context: { ip?: string }): Promise<Response> {
  if (!handle) {
    let smtp: ReturnType<typeof createSmtpSender>;
    let limits: ReturnType<typeof readRateLimit>;
    try {
      smtp = createSmtpSender(process.env);
      limits = readRateLimit(process.env);
    } catch (error) {
      // A half-done setting (MAIL_FROM missing, a FORM_RATE_LIMIT that is no number): the variable
      // to fix goes to the function's log, and the visitor gets the forms' JSON error, not Netlify's
      // own error page for a function that threw.
      console.error(`[forms] Form handler not started: ${(error as Error).message} (docs/configuration.md).`);
      return notConfigured();
    }
    if (!smtp) {
      console.error('[forms] SMTP_URL or SMTP_HOST is not set in the site environment: nothing can be sent.');
      return notConfigured();
    }
    // The request's own host counts as the site; so do SITE_URL and Netlify's primary URL (`URL`).
    const siteOrigins = [process.env.SITE_URL, process.env.URL].filter((url): url is string => Boolean(url));
    handle = createFormHandler({
      routes,
      send: smtp.send,
      inbox: smtp.inbox,
      site: siteFacts,
      siteOrigins,
      limits,
    });
  }
  return handle(request, context.ip ?? 'unknown');
}
