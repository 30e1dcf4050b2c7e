// The build's heap growth (src/integrations/build-memory.mjs, issue 33): set for `astro build`
// only, and a flag this project's Node knows (V8 ignores an unknown flag set at run time, with no
// error, so a Node that dropped it would quietly lose the setting).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { HEAP_GROWING_PERCENT, buildMemory } from '../../src/integrations/build-memory.mjs';

type Setup = (options: { command: string }) => void;
const run = promisify(execFile);

/** The flags the integration set for `command`. */
function flagsFor(command: string): string[] {
  const setFlags = vi.fn<(flags: string) => void>();
  const integration = buildMemory({ setFlags }) as unknown as { hooks: { 'astro:config:setup': Setup } };
  integration.hooks['astro:config:setup']({ command });
  return setFlags.mock.calls.map(([flags]) => flags);
}

describe('buildMemory', () => {
  it('lets the heap of `astro build` grow to twice what the last full collection kept', () => {
    expect(HEAP_GROWING_PERCENT).toBe(100);
    expect(flagsFor('build')).toEqual(['--heap-growing-percent=100']);
  });

  it('leaves `astro dev`, `check`, `sync` and `preview` as V8 sets them', () => {
    for (const command of ['dev', 'check', 'sync', 'preview']) expect(flagsFor(command)).toEqual([]);
  });

  it("sets a flag this project's Node knows: its command line refuses one it does not", async () => {
    const [flag] = flagsFor('build');
    const known = await run(process.execPath, [flag!, '-e', 'process.stdout.write("started")']);
    expect(known.stdout).toBe('started');
    await expect(run(process.execPath, ['--heap-growing-percentage=100', '-e', ''])).rejects.toThrow(
      /bad option/,
    );
  });
});
