// A mail failure as the server's log may say it. A mail server's refusal quotes what it refused (the
// recipient's address, sometimes a name), and nodemailer puts that in the error's message: the log
// gets the error's kind and the server's reply code only (docs/deployment.md, "What is kept, and for how long").

/** 'Error EENVELOPE RCPT TO 550': enough to tell an outage from a refused address, nothing sent. */
export function mailFailure(error: unknown): string {
  const { name, code, command, responseCode } = (error ?? {}) as Record<string, unknown>;
  const words = [
    typeof name === 'string' && /^\w+$/.test(name) ? name : 'error',
    typeof code === 'string' && /^[A-Z_]+$/.test(code) ? code : undefined,
    typeof command === 'string' && /^[A-Z ]+$/.test(command) ? command : undefined,
    typeof responseCode === 'number' ? String(responseCode) : undefined,
  ];
  return words.filter(Boolean).join(' ');
}
