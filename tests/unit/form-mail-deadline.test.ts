// The nodemailer sender of `npm start` and the Netlify Function (server/form-handler/node.ts) against a
// real SMTP server that is slow on purpose: the request's deadline gives the visitor the form's
// error, and a mail the visitor was told had failed is not delivered later; connections are capped.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFormHandler, HANDLER_MESSAGES } from '../../server/form-handler/handler';
import { createSmtpSender, SMTP_CONNECTIONS } from '../../server/form-handler/node';
import { siteFacts } from '../../server/form-handler/site';

interface SlowServer {
  url: string;
  /** Messages the server received whole (the final dot arrived). */
  delivered: string[];
  /** Connections open now, and the most at once. */
  open: number;
  most: number;
  closed: Promise<void>[];
  /** Resolves the greeting of every connection held so far, and of those to come. */
  greet(): void;
  /** Lets every held message through. */
  accept(): void;
  held: number;
  onEvent(check: () => boolean): Promise<void>;
  close(): Promise<void>;
}

async function startSlowServer({ holdGreeting = false, holdData = false }): Promise<SlowServer> {
  const waiting: (() => void)[] = [];
  const greetings: (() => void)[] = [];
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  let greetingHeld = holdGreeting;
  let dataHeld = holdData;
  const state = { delivered: [] as string[], open: 0, most: 0, held: 0, closed: [] as Promise<void>[] };
  const closers = new Map<string, () => void>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(session, callback) {
      state.open += 1;
      state.most = Math.max(state.most, state.open);
      state.closed.push(new Promise<void>((resolve) => closers.set(session.id, resolve)));
      changed();
      if (greetingHeld) greetings.push(() => callback());
      else callback();
    },
    onClose(session) {
      state.open -= 1;
      closers.get(session.id)?.();
      changed();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const finish = () => {
          state.delivered.push(Buffer.concat(chunks).toString('utf8'));
          callback();
          changed();
        };
        if (dataHeld) {
          state.held += 1;
          waiting.push(finish);
          changed();
        } else finish();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}`,
    greet() {
      greetingHeld = false;
      greetings.splice(0).forEach((go) => go());
    },
    accept() {
      dataHeld = false;
      waiting.splice(0).forEach((go) => go());
    },
    onEvent(check: () => boolean) {
      return new Promise<void>((resolve) => {
        const listener = () => {
          if (check()) {
            listeners.delete(listener);
            resolve();
          }
        };
        listeners.add(listener);
        listener();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const contact = {
  name: 'Zoë Tremblay',
  email: 'zoe@example.com',
  phone: '',
  message: 'A question about the course dates.',
};

function handlerFor(server: SlowServer, sendMs: number) {
  const smtp = createSmtpSender(
    { SMTP_URL: server.url, MAIL_FROM: 'site@practice.example', PRACTICE_INBOX: 'inbox@practice.example' },
    () => {},
  )!;
  const handle = createFormHandler({
    routes: { '/forms/contact': 'contact' },
    send: smtp.send,
    inbox: smtp.inbox,
    site: siteFacts,
    limits: { sendMs, perClient: 100 },
    log: () => {},
  });
  const post = (message = contact.message) =>
    handle(
      new Request('http://localhost/forms/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...contact, message }),
      }),
      '203.0.113.30',
    );
  return { post, smtp };
}

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
  vi.restoreAllMocks();
});

describe('the overall deadline of a send', () => {
  it('a server that does not greet in time: the form’s error, and the mail is not delivered later', async () => {
    const server = await startSlowServer({ holdGreeting: true });
    cleanup.push(() => server.close());
    const { post, smtp } = handlerFor(server, 300);
    cleanup.push(() => smtp.close());
    const response = await post('this one must never arrive');
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: HANDLER_MESSAGES.contactFailed });
    // Now the server answers: nodemailer goes on, reaches the message, finds its deadline passed
    // and drops the connection before the final dot.
    server.greet();
    await Promise.all(server.closed);
    expect(server.delivered).toEqual([]);
    // The sender still works for the next visitor.
    const next = await post('the next visitor message');
    expect(next.status).toBe(200);
    expect(server.delivered).toHaveLength(1);
    expect(server.delivered[0]).toContain('the next visitor message');
  });
});

describe('the connection cap', () => {
  it(`no more than ${SMTP_CONNECTIONS} SMTP connections, however many visitors send at once`, async () => {
    const server = await startSlowServer({ holdData: true });
    cleanup.push(() => server.close());
    const { post, smtp } = handlerFor(server, 10_000);
    cleanup.push(() => smtp.close());
    const visitors = SMTP_CONNECTIONS + 3;
    const answers = Array.from({ length: visitors }, (_, i) => post(`message number ${i + 1} of many`));
    await server.onEvent(() => server.held === SMTP_CONNECTIONS);
    expect(server.open).toBe(SMTP_CONNECTIONS);
    server.accept();
    const statuses = await Promise.all(answers.map(async (answer) => (await answer).status));
    expect(statuses).toEqual(Array(visitors).fill(200));
    expect(server.delivered).toHaveLength(visitors);
    expect(server.most).toBe(SMTP_CONNECTIONS);
  });
});
