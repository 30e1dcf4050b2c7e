// What the first round trip of a new connection carries: an initial congestion window of 10 TCP
// segments of 1,460 bytes (RFC 6928). A page whose HTML, headers included, fits starts rendering a
// round trip sooner than one that does not (docs/performance.md, "Budgets"); the build's compressed
// copies, its first-screen CSS budget and the audit all measure against this one figure.
export const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

/** Room kept in it for the response's headers (`npm start` sends about 730 bytes with a page). */
export const HEADERS_ROOM = 1000;
