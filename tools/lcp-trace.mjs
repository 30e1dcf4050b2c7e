// What happened before a page's largest contentful paint, read from the trace of one Lighthouse
// run: the part of `npm run audit`'s table that says why a page's LCP is above the floor's.
//
// Lighthouse's simulated LCP (lantern, `LargestContentfulPaint.getPessimisticGraph` in
// @paulirish/trace_engine) counts, at four times their length, the page's main-thread tasks that ran
// a layout before the observed paint, and every request that finished before it, on the simulated
// slow connection; its optimistic estimate counts the first parse, layout and paint and the requests
// that block rendering. So a paint that comes a frame later costs the tasks of that frame and the
// requests that finished meanwhile: these figures show which. Observed (unthrottled) milliseconds.

/**
 * @param {Array<{ name: string, ph?: string, pid: number, tid: number, ts: number, dur?: number, args?: any }>} events
 *   the trace's events (`artifacts.Trace.traceEvents`)
 * @param {string} origin the page's origin, to find its renderer among the browser's others
 * @returns {{ fcpMs: number, lcpMs: number, layoutTasks: number, layoutTaskMs: number, tasksMs: number,
 *   requests: number, requestBytes: number } | undefined} undefined when the trace has no paint of the page
 */
export function beforeLcp(events, origin) {
  const parse = events.find(
    (e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(origin),
  );
  if (!parse) return undefined;
  const { pid, tid } = parse;
  const start = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.pid === pid &&
      String(e.args?.data?.documentLoaderURL ?? '').startsWith(origin),
  );
  const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === pid).at(-1);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid);
  if (!start || !lcp || !fcp) return undefined;

  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
  const tasks = onMain.filter(
    (e) => e.name === 'RunTask' && e.ts >= start.ts && e.ts + (e.dur ?? 0) <= lcp.ts,
  );
  const layouts = onMain.filter((e) => e.name === 'Layout');
  const withLayout = tasks.filter((task) =>
    layouts.some((l) => l.ts >= task.ts && l.ts < task.ts + (task.dur ?? 0)),
  );
  const sum = (list) => list.reduce((total, e) => total + (e.dur ?? 0), 0) / 1000;

  // Requests of this page (not the document itself) that finished before the paint.
  const documentIds = new Set(
    events
      .filter((e) => e.name === 'ResourceSendRequest' && e.args?.data?.resourceType === 'Document')
      .map((e) => e.args.data.requestId),
  );
  const sent = new Set(
    events
      .filter(
        (e) =>
          e.name === 'ResourceSendRequest' && e.ts >= start.ts && !documentIds.has(e.args?.data?.requestId),
      )
      .map((e) => e.args?.data?.requestId),
  );
  const finished = events.filter(
    (e) =>
      e.name === 'ResourceFinish' &&
      e.ts <= lcp.ts &&
      sent.has(e.args?.data?.requestId) &&
      !e.args?.data?.didFail,
  );
  return {
    fcpMs: (fcp.ts - start.ts) / 1000,
    lcpMs: (lcp.ts - start.ts) / 1000,
    layoutTasks: withLayout.length,
    layoutTaskMs: sum(withLayout),
    tasksMs: sum(tasks),
    requests: finished.length,
    requestBytes: finished.reduce((total, e) => total + (e.args?.data?.encodedDataLength ?? 0), 0),
  };
}
