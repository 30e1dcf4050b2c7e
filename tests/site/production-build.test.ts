// The real `astro build` under CI=true without the admin variables stops before it writes anything
// (about 10 s on a busy machine). `astro check` loads the same config and is not stopped: the check
// runs only for the build command, which CI's own `npm run typecheck` shows every run.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runNode } from '../process';

const root = path.resolve(import.meta.dirname, '../..');
const astro = path.join(root, 'node_modules/astro/bin/astro.mjs');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'production-build-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function runAstro(args: string[]): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', ASTRO_TELEMETRY_DISABLED: '1' };
  delete env.ADMIN_USERNAME;
  delete env.ADMIN_PASSWORD_SHA256;
  return runNode([astro, ...args], { cwd: root, env });
}

describe('under CI=true without ADMIN_USERNAME and ADMIN_PASSWORD_SHA256', () => {
  it('astro build stops with a message that says what to set, and writes nothing', async () => {
    const outDir = path.join(scratch, 'dist');
    const { code, output } = await runAstro(['build', '--outDir', outDir]);
    expect(code).not.toBe(0);
    expect(output).toContain('This looks like a production build (CI is set)');
    expect(output).toContain('ADMIN_USERNAME and ADMIN_PASSWORD_SHA256 are not set');
    expect(existsSync(outDir)).toBe(false);
  }, 120_000);
});
