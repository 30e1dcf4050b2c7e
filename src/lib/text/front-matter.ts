// gray-matter, the one way this code reads or writes front matter (the build, the admin's Markdown
// import and export, the tests): YAML only. gray-matter's default engines include JavaScript, so a
// file starting with '---js' would have its front matter run as code by whoever reads it; here that
// engine throws instead. tests/unit/front-matter.test.ts checks that nothing calls gray-matter
// directly.
import matter from 'gray-matter';

const refuseCode = {
  parse: (): never => {
    throw new Error('front matter must be YAML');
  },
  stringify: (): never => {
    throw new Error('front matter must be YAML');
  },
};

const OPTIONS = { language: 'yaml', engines: { js: refuseCode, javascript: refuseCode } };

/**
 * gray-matter calls Node's Buffer.from on its input, which browsers do not have. For the length of
 * one synchronous call it gets a stand-in (its result is only kept as `file.orig`, which we never
 * read); nothing else can run in between, and the global is removed again at once.
 */
function withBufferStandIn<T>(work: () => T): T {
  const scope = globalThis as { Buffer?: unknown };
  if (scope.Buffer !== undefined) return work();
  scope.Buffer = { from: (text: string) => new TextEncoder().encode(text), isBuffer: () => false };
  try {
    return work();
  } finally {
    delete scope.Buffer;
  }
}

export interface FrontMatter {
  /** The fields, as YAML read them. */
  data: Record<string, unknown>;
  /** The text after the closing '---'. */
  content: string;
  /** The front matter's own text, between the two '---' lines. */
  matter: string;
}

/** Throws on front matter that is not YAML (or not valid YAML); js-yaml's error names the line. */
export function readFrontMatter(text: string): FrontMatter {
  const { data, content, matter: raw } = withBufferStandIn(() => matter(text, OPTIONS));
  return { data: data as Record<string, unknown>, content, matter: raw };
}

/** A Markdown file: `data` as YAML front matter (one line per field, never folded), then `body`. */
export function writeFrontMatter(body: string, data: Record<string, unknown>): string {
  // lineWidth -1: js-yaml would otherwise fold long titles and excerpts over several lines.
  const options = { ...OPTIONS, lineWidth: -1 } as matter.GrayMatterOption<string, never>;
  return withBufferStandIn(() => matter.stringify(body, data, options));
}
