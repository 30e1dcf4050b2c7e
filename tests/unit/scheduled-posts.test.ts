// Scheduled posts on static hosts: the script that decides whether a post's time has come since the
// last run (tools/scheduled-posts.mjs), on fixture posts, and the workflow that runs it
// (.github/workflows/scheduled-posts.yml): its schedule, and that nothing builds unless it said so.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { main, postsDueBetween, readPosts } from '../../tools/scheduled-posts.mjs';

const runNode = promisify(execFile);
const post = (title: string, publishedAt: string, extra = '') =>
  `---\ntitle: ${title}\nexcerpt: E.\npublishedAt: ${publishedAt}\n${extra}---\n\nText.\n`;

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'scheduled-posts-'));
  await mkdir(join(root, 'content/posts'), { recursive: true });
  await mkdir(join(root, 'content/settings'), { recursive: true });
  await writeFile(
    join(root, 'content/settings/practice.json'),
    JSON.stringify({ timeZone: 'America/Toronto' }),
  );
  const files: Record<string, string> = {
    'old.md': post('An old post', '2025-01-05'),
    'monday.md': post('Monday at eight', "'2026-12-07T08:00'"),
    'with-offset.md': post('With its offset', '2026-12-07T08:30:00-05:00'),
    'christmas-eve.md': post('Christmas Eve', '2026-12-24T08:00:00'),
    'draft.md': post('A draft', '2026-12-07T08:10', 'isDraft: true\n'),
  };
  for (const [name, text] of Object.entries(files)) await writeFile(join(root, 'content/posts', name), text);
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

const titles = (posts: { title: string }[]) => posts.map((p) => p.title);

describe('has a post’s time come since the last run', () => {
  it('reads each post’s moment as the build does (Toronto time without an offset)', () => {
    const posts = readPosts(root);
    const monday = posts.find((p) => p.title === 'Monday at eight');
    expect(monday?.publishedAt).toEqual(new Date('2026-12-07T13:00:00Z'));
    expect(posts.find((p) => p.title === 'Christmas Eve')?.publishedAt).toEqual(
      new Date('2026-12-24T13:00:00Z'),
    );
    expect(posts.find((p) => p.title === 'A draft')?.isDraft).toBe(true);
  });

  it('names the posts due in (since, now], a minute either side, never a draft', () => {
    const posts = readPosts(root);
    const window = (since: string, now: string) =>
      titles(postsDueBetween(posts, { since: new Date(since), now: new Date(now) }));
    expect(window('2026-12-07T12:45:00Z', '2026-12-07T12:59:00Z')).toEqual([]);
    expect(window('2026-12-07T12:59:00Z', '2026-12-07T13:01:00Z')).toEqual(['Monday at eight']);
    expect(window('2026-12-07T13:00:00Z', '2026-12-07T13:15:00Z')).toEqual([]); // built by the last run
    expect(window('2026-12-07T13:01:00Z', '2026-12-07T13:31:00Z')).toEqual(['With its offset']);
    expect(window('2026-12-07T12:00:00Z', '2026-12-07T14:00:00Z')).toEqual([
      'Monday at eight',
      'With its offset',
    ]);
  });

  it('writes due=true only when one is due, for the workflow', async () => {
    const output = join(root, 'github-output');
    const log: string[] = [];
    await writeFile(output, '');
    main(['--since', '2026-12-07T12:45:00Z', '--now', '2026-12-07T13:00:30Z', '--root', root], {
      env: { GITHUB_OUTPUT: output },
      log: (text) => log.push(text),
    });
    expect(await readFile(output, 'utf8')).toBe('due=true\nnext=2026-12-07T13:30:00.000Z\n');
    expect(log[0]).toBe('Due at 2026-12-07T13:00:00.000Z: Monday at eight (content/posts/monday.md)');

    await writeFile(output, '');
    main(['--since', '2026-12-07T13:00:30Z', '--now', '2026-12-07T13:15:00Z', '--root', root], {
      env: { GITHUB_OUTPUT: output },
      log: () => {},
    });
    expect(await readFile(output, 'utf8')).toBe('due=false\nnext=2026-12-07T13:30:00.000Z\n');
  });

  it('without a last run, counts the day before; runs from the command line', async () => {
    const output = join(root, 'github-output-cli');
    await writeFile(output, '');
    const { stdout } = await runNode(
      process.execPath,
      ['tools/scheduled-posts.mjs', '--since', '', '--now', '2026-12-08T00:00:00Z', '--root', root],
      { env: { ...process.env, GITHUB_OUTPUT: output } },
    );
    expect(stdout).toContain('Due at 2026-12-07T13:00:00.000Z: Monday at eight');
    expect(stdout).toContain('Next scheduled post: 2026-12-24T13:00:00.000Z.');
    expect(await readFile(output, 'utf8')).toBe('due=true\nnext=2026-12-24T13:00:00.000Z\n');
  });

  it("reads --now and --since as the build reads a date, not by the computer's time zone", () => {
    // 8:00 in Toronto: Monday's post is due. Date's parser took it as 8:00 UTC, 3:00 in Toronto.
    const { due } = main(['--since', '2026-12-07T07:00', '--now', '2026-12-07T08:00', '--root', root], {
      env: {},
      log: () => {},
    });
    expect(due.map((post) => post.title)).toEqual(['Monday at eight']);
    expect(() => main(['--now', 'Monday 8:00', '--root', root], { env: {}, log: () => {} })).toThrow(
      '--now is not a date and time: Monday 8:00',
    );
  });

  it('takes a draft as YAML and the build do, however true is written', async () => {
    // 'isDraft: True' is a draft to the build; the workflow took it for a post due, and built for it.
    const drafts = ['True', 'TRUE', 'false'];
    for (const [index, written] of drafts.entries())
      await writeFile(
        join(root, `content/posts/draft-${index}.md`),
        post(`Draft ${index}`, '2026-12-07T08:05', `isDraft: ${written}\n`),
      );
    try {
      const read = readPosts(root).filter((p) => p.title.startsWith('Draft '));
      expect(read.map((p) => [p.title, p.isDraft])).toEqual([
        ['Draft 0', true],
        ['Draft 1', true],
        ['Draft 2', false],
      ]);
    } finally {
      for (const index of drafts.keys()) await rm(join(root, `content/posts/draft-${index}.md`));
    }
  });

  it('stops on a date it cannot read, naming the post', async () => {
    await writeFile(join(root, 'content/posts/broken.md'), post('Broken', 'next Monday'));
    try {
      expect(() => readPosts(root)).toThrow(
        'content/posts/broken.md: publishedAt "next Monday" is not a date',
      );
    } finally {
      await rm(join(root, 'content/posts/broken.md'));
    }
  });
});

interface Step {
  id?: string;
  if?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
}
interface Workflow {
  on: { schedule: { cron: string }[]; workflow_dispatch?: unknown };
  jobs: Record<string, { if?: string; needs?: string; steps: Step[] }>;
}

describe('the scheduled workflow', () => {
  let workflow: Workflow;
  beforeAll(async () => {
    workflow = parse(await readFile('.github/workflows/scheduled-posts.yml', 'utf8')) as Workflow;
  });

  it('runs every 15 minutes, and can be started by hand', () => {
    expect(workflow.on.schedule).toEqual([{ cron: '*/15 * * * *' }]);
    expect(workflow.on).toHaveProperty('workflow_dispatch');
  });

  it('decides with the script, from when it last succeeded', () => {
    const steps = workflow.jobs.check!.steps;
    const decide = steps.find((step) => step.id === 'due');
    expect(decide?.run).toBe('node tools/scheduled-posts.mjs --since "${{ steps.last.outputs.since }}"');
    const last = steps.find((step) => step.id === 'last');
    expect(last?.run).toContain('gh run list --workflow scheduled-posts.yml --status success');
  });

  it('starts a build only when the script said a post is due', () => {
    const steps = workflow.jobs.check!.steps;
    const hook = steps.find((step) => step.run?.includes('curl'));
    expect(hook?.if).toContain("steps.due.outputs.due == 'true'");
    expect(hook?.env?.BUILD_HOOK_URL).toBe('${{ secrets.BUILD_HOOK_URL }}');
    // Every other step of the check only reads.
    for (const step of steps.filter((s) => s !== hook))
      expect(`${step.run ?? ''} ${step.uses ?? ''}`).not.toMatch(/curl|deploy|build/i);
    const pages = workflow.jobs['github-pages']!;
    expect(pages.needs).toBe('check');
    expect(pages.if).toContain("needs.check.outputs.due == 'true'");
    expect(Object.keys(workflow.jobs).sort()).toEqual(['check', 'github-pages']);
  });
});
