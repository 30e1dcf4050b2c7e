// What the form handler writes to the server's log: what happened, never what a visitor sent. A mail
// server's refusal often quotes the recipient's address, and the handler logs that refusal.
import { expect, it } from 'vitest';
import { createFormHandler } from '../../server/form-handler/handler';
import { siteFacts } from '../../server/form-handler/site';

const registration = {
  name: 'Priya Natarajan',
  email: 'priya.n@example.com',
  phone: '+1 (647) 555-0190',
  educationLevel: 'bachelors',
  workExperience: '3',
  course: 'both',
};
const contact = {
  name: 'Priya Natarajan',
  email: 'priya.n@example.com',
  phone: '647-555-0190',
  message: 'About my son Arjun and his diagnosis.',
};

it('logs no name, address, phone or message, even from a mail server refusal that quotes them', async () => {
  const lines: string[] = [];
  // Which mail the mail server refuses: none, all, or only the registrant's confirmation.
  let refuse: 'none' | 'all' | 'registrant' = 'none';
  const handle = createFormHandler({
    routes: { '/c': 'contact', '/r': 'registration', '/k': 'confirmation' },
    inbox: 'inbox@practice.example',
    site: siteFacts,
    log: (line) => lines.push(line),
    limits: { perClient: 100 }, // nine posts from one address
    send: async (mail) => {
      const to = typeof mail.to === 'string' ? mail.to : mail.to.address;
      // As nodemailer reports an SMTP refusal: the server's text in the message, and its codes.
      if (refuse === 'all' || (refuse === 'registrant' && to === registration.email))
        throw Object.assign(
          new Error(
            `Can't send mail - all recipients were rejected: 550 5.1.1 <${to}>: Recipient address rejected (${registration.name} <${registration.email}>)`,
          ),
          { code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550 },
        );
    },
  });
  const post = (path: string, body: unknown) =>
    handle(
      new Request(`http://localhost${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
      '203.0.113.5',
    );
  for (const which of ['none', 'all', 'registrant'] as const) {
    refuse = which;
    await post('/c', contact);
    // The registration sends its confirmation itself; the confirmation route only reports a receipt.
    const answer = (await (await post('/r', registration)).json()) as { confirmation?: string };
    await post('/k', { ...registration, confirmation: answer.confirmation });
  }
  // Sent: contact, registration, confirmation; refused: contact, registration; then the
  // confirmation alone refused after the other two went.
  expect(lines, lines.join('\n')).toHaveLength(8);
  const log = lines.join('\n');
  for (const value of [registration.name, 'Priya', registration.email, '555-0190', 'Arjun', 'diagnosis'])
    expect(log).not.toContain(value);
  // Still useful: which form, and the server's answer code.
  expect(log).toContain('[forms] registration: the mail server did not take the registration');
  expect(log).toContain('[forms] confirmation: the mail server did not take the e-mail');
  expect(log).toContain('550');
});

it('logs a refused Origin of any length in at most a line of its own size', async () => {
  const lines: string[] = [];
  const handle = createFormHandler({
    routes: { '/c': 'contact' },
    inbox: 'inbox@practice.example',
    site: siteFacts,
    log: (line) => lines.push(line),
    send: async () => {},
  });
  const origin = `https://${'a'.repeat(12_000)}.example`;
  const answer = await handle(
    new Request('http://localhost/c', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify(contact),
    }),
    '203.0.113.5',
  );
  expect(answer.status).toBe(403);
  expect(lines).toHaveLength(1);
  expect(lines[0]!.length).toBeLessThan(300);
  expect(lines[0]).toContain('https://aaaa');
  expect(lines[0]).toContain('(12016 characters)');
});
