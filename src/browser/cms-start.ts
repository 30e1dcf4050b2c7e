// The only script of /cms/: Decap CMS loads from here, and only on the origin it may run on
// (src/lib/cms/origin.ts). Elsewhere the page hands over to CMS_ORIGIN without loading Decap, so the
// git host's token is never stored where the public site's scripts run.
import { CMS_ORIGIN, CMS_USER_KEYS, cmsAddressElsewhere } from '@/lib/cms/origin';
import { keepCmsSignInForTheTab } from '@/lib/cms/sign-in-lifetime';

const elsewhere = cmsAddressElsewhere(window.location, CMS_ORIGIN);
if (elsewhere) {
  for (const key of CMS_USER_KEYS) localStorage.removeItem(key);
  window.location.replace(elsewhere);
} else {
  keepCmsSignInForTheTab();
  // Decap and its inputs load together; the build serves Decap as a file of its own (decision 0036).
  void Promise.all([import('./decap-cms'), import('./decap-inputs')]).then(
    ([{ startDecap }, { decapInputs }]) => startDecap(decapInputs),
  );
}
