// What still holds the repository's stand-in values when the site is built: the practice's e-mail,
// phone and fax (content/settings/practice.json, which is also the confirmation e-mail's Reply-To),
// team members marked as placeholders, course dates without a year. The build goes on (a preview
// may want them) and prints each one; docs/deployment.md's pre-launch checklist lists the rest.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Domains reserved for examples (RFC 2606, RFC 6761): no mail is ever delivered there. */
const EXAMPLE_DOMAIN = /(^|\.)(example\.(com|org|net)|example|test|invalid|localhost)$/i;
/** North America's numbers for fiction: a 555 exchange or area code (555-0100, (555) 010-0123). */
const FICTIONAL_PHONE = /(^|\D)555(\D|$)/;
const YEAR = /\b(19|20)\d\d\b/;

/**
 * One message per stand-in value found.
 * @param {{ practice: Record<string, unknown>, team: { file: string, placeholder?: boolean }[], courses: { title: string, upcoming: string }[] }} content
 * @returns {string[]}
 */
export function placeholderWarnings({ practice, team, courses }) {
  const warnings = [];
  const settings = 'content/settings/practice.json';
  const email = String(practice.email ?? '');
  if (EXAMPLE_DOMAIN.test(email.split('@').pop() ?? '')) {
    warnings.push(
      `${settings}: email is ${email}, an example address (shown on every page, and the confirmation e-mail's Reply-To).`,
    );
  }
  for (const field of ['phone', 'fax']) {
    const value = String(practice[field] ?? '');
    if (FICTIONAL_PHONE.test(value)) warnings.push(`${settings}: ${field} is ${value}, a fictional number.`);
  }
  for (const [field, value] of Object.entries(practice)) {
    if (field !== 'email' && typeof value === 'string' && /\bexample\.(com|org|net)\b/i.test(value)) {
      warnings.push(`${settings}: ${field} still names example.com/.org/.net: ${value}`);
    }
  }
  for (const member of team) {
    if (member.placeholder) {
      warnings.push(
        `${member.file} is still marked as a placeholder (name, bio or photo; "placeholder": true).`,
      );
    }
  }
  for (const course of courses) {
    if (!YEAR.test(course.upcoming)) {
      warnings.push(
        `content/training/courses.json: "${course.title}" runs "${course.upcoming}", with no year: visitors cannot tell which year.`,
      );
    }
  }
  return warnings;
}

/** Reads the content files the warnings look at, from the project at `root`. */
export async function readPrelaunchContent(root) {
  const json = async (file) => JSON.parse(await readFile(path.join(root, file), 'utf8'));
  const teamFiles = (await readdir(path.join(root, 'content/team')))
    .filter((name) => name.endsWith('.json'))
    .sort();
  return {
    practice: await json('content/settings/practice.json'),
    team: await Promise.all(
      teamFiles.map(async (name) => ({
        file: `content/team/${name}`,
        ...(await json(`content/team/${name}`)),
      })),
    ),
    courses: (await json('content/training/courses.json')).courses ?? [],
  };
}

/** @returns {import('astro').AstroIntegration} */
export function prelaunchWarnings() {
  let root = '';
  return {
    name: 'prelaunch-warnings',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      // At the end of the build's output, where it is read.
      'astro:build:done': async ({ logger }) => {
        const warnings = placeholderWarnings(await readPrelaunchContent(root));
        if (warnings.length === 0) return;
        logger.warn(
          `Still placeholders (docs/deployment.md, "Before launch"):\n${warnings.map((line) => `  - ${line}`).join('\n')}`,
        );
      },
    },
  };
}
