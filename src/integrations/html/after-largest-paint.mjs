// When a page starts what its first screen does not need (the whole stylesheet, the bundled module
// scripts): after its largest paint. Lighthouse's simulated LCP counts every request that finished
// before the observed largest paint, and on a fast connection the whole page is parsed, and even
// loaded, before its first frame; the first paint is not always the largest either (the parser can
// paint the header first). Measured (docs/performance.md, lever 25): sign-in 1.54 -> 1.09 times the
// floor with both started here instead of at the first contentful paint and during parsing.

/**
 * A function expression, as script text: called with a callback, it calls it once, in a task of its
 * own, after the first largest-contentful-paint entry that comes once the document is parsed (or,
 * when that entry came while parsing, in the frame after parsing ends); where the browser reports no
 * largest paint (Safari), at the load event. Three seconds after the load event at the latest, so a
 * page whose paint is never reported (a tab kept in the background) still gets it. A page opened at
 * a fragment (/training#register) gets it in the frame after parsing ends: the visitor asked for a
 * part further down, which may be hidden until the stylesheet comes, and a viewport showing nothing
 * painted reports no largest paint at all (it waited the three seconds).
 */
export const AFTER_LARGEST_PAINT =
  `function(go){var d=document,done=0,seen=0,run=function(){if(!done){done=1;setTimeout(go)}};` +
  `try{if(PerformanceObserver.supportedEntryTypes.indexOf('largest-contentful-paint')<0)throw 0;` +
  `new PerformanceObserver(function(l){if(l.getEntries().length){seen=1;if(d.readyState!=='loading')run()}})` +
  `.observe({type:'largest-contentful-paint',buffered:true});` +
  `d.addEventListener('DOMContentLoaded',function(){if(seen||location.hash)requestAnimationFrame(function(){setTimeout(run)})});` +
  `addEventListener('load',function(){setTimeout(run,3000)})}catch(e){addEventListener('load',run)}}`;

/** Script text that runs `body` (script text) after the page's largest paint. */
export const afterLargestPaint = (body) => `(${AFTER_LARGEST_PAINT})(function(){${body}})`;
