// `npm run audit`'s second table (tools/lcp-trace.mjs): what a page did before its largest paint,
// read from a trace shaped as Chromium writes it (the browser's own pages in other renderers).
import { describe, expect, it } from 'vitest';
import { beforeLcp } from '../../tools/lcp-trace.mjs';

const ORIGIN = 'http://127.0.0.1:4321';
const PAGE = { pid: 7, tid: 1 };
const OTHER_RENDERER = { pid: 9, tid: 1 };
const MS = 1000; // trace times are microseconds

const task = (at: number, ms: number, where = PAGE) => ({
  name: 'RunTask',
  ph: 'X',
  ...where,
  ts: at * MS,
  dur: ms * MS,
});
const layout = (at: number, ms: number, where = PAGE) => ({
  name: 'Layout',
  ph: 'X',
  ...where,
  ts: at * MS,
  dur: ms * MS,
});
const sent = (at: number, requestId: string, resourceType = 'Stylesheet') => ({
  name: 'ResourceSendRequest',
  ph: 'I',
  pid: 1,
  tid: 1,
  ts: at * MS,
  args: { data: { requestId, resourceType, url: `${ORIGIN}/${requestId}` } },
});
const finished = (at: number, requestId: string, bytes: number, didFail = false) => ({
  name: 'ResourceFinish',
  ph: 'I',
  pid: 1,
  tid: 1,
  ts: at * MS,
  args: { data: { requestId, encodedDataLength: bytes, didFail } },
});

function trace({ lcpAt = 400 } = {}) {
  return [
    // Another renderer (a browser page) with its own parse, paint and tasks: never counted.
    {
      name: 'ParseHTML',
      ph: 'X',
      ...OTHER_RENDERER,
      ts: 0,
      dur: 5 * MS,
      args: { beginData: { url: 'chrome://newtab/' } },
    },
    task(120, 50, OTHER_RENDERER),
    layout(130, 10, OTHER_RENDERER),
    {
      name: 'navigationStart',
      ph: 'R',
      ...PAGE,
      ts: 100 * MS,
      args: { data: { documentLoaderURL: `${ORIGIN}/` } },
    },
    sent(100, 'document', 'Document'),
    {
      name: 'ParseHTML',
      ph: 'X',
      ...PAGE,
      ts: 150 * MS,
      dur: 20 * MS,
      args: { beginData: { url: `${ORIGIN}/` } },
    },
    task(150, 30), // the parse, no layout
    task(200, 40), // a frame: layout
    layout(210, 20),
    task(300, 25), // another frame before the paint
    layout(305, 15),
    task(450, 60), // after the largest paint: not counted
    layout(460, 30),
    finished(140, 'document', 14_000),
    sent(160, 'style.css'),
    finished(250, 'style.css', 9_000),
    sent(170, 'hero.webp', 'Image'),
    finished(350, 'hero.webp', 5_000),
    sent(175, 'gone.webp', 'Image'),
    finished(200, 'gone.webp', 0, true), // failed: carried nothing
    sent(180, 'late.webp', 'Image'),
    finished(500, 'late.webp', 6_000), // after the paint
    { name: 'firstContentfulPaint', ph: 'R', ...PAGE, ts: 260 * MS },
    { name: 'largestContentfulPaint::Candidate', ph: 'R', ...PAGE, ts: 260 * MS },
    { name: 'largestContentfulPaint::Candidate', ph: 'R', ...PAGE, ts: lcpAt * MS },
  ];
}

describe('beforeLcp', () => {
  it("counts the page's tasks with a layout, all its tasks, and the requests finished before its largest paint", () => {
    expect(beforeLcp(trace(), ORIGIN)).toEqual({
      fcpMs: 160,
      lcpMs: 300,
      layoutTasks: 2,
      layoutTaskMs: 65,
      tasksMs: 95,
      requests: 2,
      requestBytes: 14_000,
    });
  });

  it('counts less when the largest paint comes with the first', () => {
    expect(beforeLcp(trace({ lcpAt: 260 }), ORIGIN)).toMatchObject({
      lcpMs: 160,
      layoutTasks: 1,
      layoutTaskMs: 40,
      requests: 1,
      requestBytes: 9_000,
    });
  });

  it('says nothing for a trace without the page or without its paint', () => {
    expect(beforeLcp(trace(), 'http://127.0.0.1:9999')).toBeUndefined();
    const unpainted = trace().filter((e) => !e.name.startsWith('largestContentfulPaint'));
    expect(beforeLcp(unpainted, ORIGIN)).toBeUndefined();
  });
});
