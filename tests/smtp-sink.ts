// A real SMTP server in the test process (smtp-server, from the nodemailer project) that keeps
// every message it accepts, parsed (mailparser), with the envelope the client gave.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { SMTP_ACCOUNT } from '../tools/test-build.mjs';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
  raw: string;
}

export interface SmtpSink {
  port: number;
  /** SMTP_URL for this server, with the test account. */
  url: string;
  received: ReceivedMail[];
  /** While true, every message is refused with 554 at the end of DATA. */
  refuse: boolean;
  /** Waits until `count` messages have arrived (or the timeout passes). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

// The account is the run's build's too (tools/test-build.mjs): the mail suite checks the build kept none of it.
export { SMTP_ACCOUNT };

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const sink = { refuse: false } as SmtpSink;
  const server = new SMTPServer({
    // Plain connection on localhost: no certificate to make; the account is still checked.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    // close() is a mail server going down: it says 421 to the connections it has and drops them at
    // once, rather than after the library's 30 s of grace (which left the mail suite waiting ~15 s
    // for the site's pooled connection to time out on its own).
    closeTimeout: 1,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_ACCOUNT.user && auth.password === SMTP_ACCOUNT.pass) {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (sink.refuse) {
          callback(Object.assign(new Error('Message refused by policy'), { responseCode: 554 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then((parsed) => {
          received.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            },
            parsed,
            raw,
          });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(sink, {
    port,
    url: `smtp://${encodeURIComponent(SMTP_ACCOUNT.user)}:${encodeURIComponent(SMTP_ACCOUNT.pass)}@127.0.0.1:${port}`,
    received,
    async waitFor(count: number, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      while (received.length < count && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
