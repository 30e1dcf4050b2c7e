// What Decap CMS (src/browser/decap-cms.ts) needs from Vite: admin/config.yml, admin/config.yml's
// publish target as the build read it, and the preview's stylesheets (the site's through Tailwind).
// Decap itself is bundled outside Vite (decision 0036), so these come to it at run time.
import configText from '../../admin/config.yml?raw';
import { publishTarget } from 'virtual:build-derived';
import previewStyles from '@/styles/cms-preview.css?inline';
import siteStyles from '@/styles/global.css?inline';

export interface DecapInputs {
  configText: string;
  publishTarget: typeof publishTarget;
  previewStyles: string;
  siteStyles: string;
}

export const decapInputs: DecapInputs = { configText, publishTarget, previewStyles, siteStyles };
