// Ending a connection whose request body was left unread: the development collector's refusals and
// the form handler's (server/form-handler/node.ts) both answer before reading a body they refuse.

/** How long what still arrives is dropped before the connection is closed. */
const LINGER_MS = 500;

/**
 * After a refusal that leaves the body unread: the connection ends once the answer is sent. What
 * still arrives is dropped for a moment, so that the client reads the answer rather than a reset,
 * and then the connection is closed: a body is never read to its end. Kept open, a keep-alive
 * connection waited for the unread body, and the client's next request on it got no answer.
 * (No `Connection: close` header: with it Node closes at once, and the client often sees a reset.)
 */
export function closeAfter(req, res) {
  res.on('finish', () => {
    if (req.httpVersionMajor >= 2) {
      req.stream?.close();
      return;
    }
    req.resume();
    req.socket.end();
    setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
  });
}
