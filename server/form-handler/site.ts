// The practice and its courses for the e-mails: the same files the pages are built from, bundled
// with the handler (so an e-mail never names a course or phone number the site does not show).
import training from '../../content/training/courses.json';
import type { CourseContent } from '../../src/lib/site/courses';
import { practice } from '../../src/lib/site/settings';
import type { SiteFacts } from './messages';

export const siteFacts: SiteFacts = {
  practice,
  // Checked against the training schema by every build (src/content.config.ts).
  training: training as CourseContent & { notes: string[] },
};
