import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// client:interact replays a press held before hydration only once the island signals it has
// hydrated (src/lib/page/hydration-signal.ts). An island that forgot the signal would lose every first
// press for two seconds: this finds each island the pages hydrate with client:interact and checks
// that its module calls useHydrationSignal, or a form hook that calls it (useFormFeedback, and
// useFormSubmission through it).
const root = path.resolve(import.meta.dirname, '../..');
const src = path.join(root, 'src');

function astroFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.astro'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function resolveModule(from: string, specifier: string): string {
  const base = specifier.startsWith('@/')
    ? path.join(src, specifier.slice(2))
    : path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`]) {
    try {
      return readFileSync(candidate, 'utf8') && candidate;
    } catch {
      // try the next extension
    }
  }
  throw new Error(`${from}: cannot find ${specifier}`);
}

function interactIslands(): Map<string, string> {
  const islands = new Map<string, string>();
  for (const file of astroFiles(src)) {
    const text = readFileSync(file, 'utf8');
    for (const [, name] of text.matchAll(/<([A-Z]\w*)\b[^>]*\sclient:interact\b/g)) {
      const imported = new RegExp(`import\\s+${name}\\b[^;]*?from\\s+'([^']+)'`).exec(text);
      if (!imported) throw new Error(`${file}: ${name} is not a default import`);
      islands.set(name, resolveModule(file, imported[1]));
    }
  }
  return islands;
}

describe('islands hydrated by client:interact', () => {
  const islands = interactIslands();

  it('are found in the pages', () => {
    expect([...islands.keys()]).toEqual(
      expect.arrayContaining(['MobileMenu', 'AccessibilityPanel', 'BlogSearch', 'ContactForm']),
    );
  });

  it.each([...islands])('%s signals when it has hydrated', (_name, file) => {
    expect(readFileSync(file, 'utf8')).toMatch(/\buse(?:HydrationSignal|FormFeedback|FormSubmission)\(/);
  });

  it('useFormFeedback gives the signal for the form islands', () => {
    const hook = readFileSync(path.join(src, 'islands/shared/use-form-feedback.ts'), 'utf8');
    expect(hook).toMatch(/useHydrationSignal\(formRef\)/);
    const submission = readFileSync(path.join(src, 'islands/shared/use-form-submission.ts'), 'utf8');
    expect(submission).toMatch(/\buseFormFeedback\(/);
  });
});
