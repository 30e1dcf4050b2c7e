import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ContactForm from '@/islands/contact/ContactForm';
import { endpoints } from '@/lib/endpoints';
import * as submitContact from '@/lib/forms/submit-contact';
import { deferred, jsonResponse } from '../helpers';

// The real sender runs on a stubbed fetch; individual tests can make it throw.
vi.mock('@/lib/forms/submit-contact', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/forms/submit-contact')>();
  return { ...actual, sendContactMessage: vi.fn(actual.sendContactMessage) };
});

const THANK_YOU = "Thank you for your message. We'll get back to you soon!";

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let user: UserEvent;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ ok: true }));
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  user = userEvent.setup();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const field = {
  name: () => screen.getByLabelText(/^Name/),
  email: () => screen.getByLabelText(/^Email/),
  phone: () => screen.getByLabelText(/^Phone/),
  message: () => screen.getByLabelText(/^Message/),
};
const submitButton = () => screen.getByRole('button', { name: /Send Message|Sending\.\.\./ });
const form = () => screen.getByRole('form', { name: 'Contact form' });

async function fillValid({ phone = '' } = {}) {
  await user.type(field.name(), 'Jane Doe');
  await user.type(field.email(), 'jane@example.com');
  if (phone) await user.type(field.phone(), phone);
  await user.type(field.message(), 'I would like to book a consultation.');
}

describe('ContactForm: markup', () => {
  it('labels every field, says in words which are required and sets autocomplete', () => {
    render(<ContactForm />);
    expect(form()).toHaveAttribute('id', 'contact-form');
    expect(field.name()).toHaveAttribute('id', 'contact-name');
    expect(field.name()).toHaveAccessibleName('Name (required)');
    expect(field.email()).toHaveAccessibleName('Email (required)');
    expect(field.phone()).toHaveAccessibleName('Phone (optional)');
    expect(field.message()).toHaveAccessibleName('Message (required)');
    expect(field.name()).toHaveAttribute('autocomplete', 'name');
    expect(field.email()).toHaveAttribute('autocomplete', 'email');
    expect(field.phone()).toHaveAttribute('autocomplete', 'tel');
    expect(field.phone()).toHaveAccessibleDescription(
      'North American number, for example +1 (555) 123-4567.',
    );
    expect(submitButton()).toHaveTextContent('Send Message');
    expect(submitButton()).not.toHaveAttribute('aria-disabled');
    expect(form()).toHaveAttribute('data-status', 'idle');
  });

  it('renders the whole form on the server, with labels and native validation for visitors without JavaScript', () => {
    const html = renderToString(<ContactForm />);
    for (const id of ['contact-form', 'contact-name', 'contact-email', 'contact-phone', 'contact-message']) {
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain('for="contact-name"');
    expect(html).toContain('(required)');
    expect(html).toContain('Send Message');
    expect(html).toContain(`action="${endpoints.contact}"`);
    expect(html).not.toContain('novalidate');
  });

  it('uses its own messages instead of the browser bubbles once hydrated', () => {
    render(<ContactForm />);
    expect(form()).toHaveAttribute('novalidate');
  });

  it('can be named by a visible heading', () => {
    render(
      <>
        <h2 id="contact-heading">Get in touch</h2>
        <ContactForm labelledBy="contact-heading" />
      </>,
    );
    expect(screen.getByRole('form', { name: 'Get in touch' })).toBeInTheDocument();
  });
});

describe('ContactForm: hydration on first interaction', () => {
  it('keeps what the visitor typed into the server-rendered form before React ran', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ContactForm />);
    document.body.append(container);
    const name = container.querySelector<HTMLInputElement>('#contact-name')!;
    name.value = 'Typed Early'; // typed while the island was still static HTML

    const root = await act(async () => hydrateRoot(container, <ContactForm />));
    try {
      expect(container.querySelector('#contact-name')).toBe(name);
      expect(name).toHaveValue('Typed Early');

      await user.type(screen.getByLabelText(/^Email/), 'early@example.com');
      await user.type(screen.getByLabelText(/^Message/), 'Typed before and after hydration.');
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
      await screen.findByText(THANK_YOU);
      expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string).name).toBe('Typed Early');
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });
});

describe('ContactForm: validation', () => {
  it('shows a message under each invalid field, wires it to the input and sends nothing', async () => {
    render(<ContactForm />);
    await user.type(field.phone(), '12345');
    await user.click(submitButton());

    expect(field.name()).toHaveAttribute('aria-invalid', 'true');
    expect(field.name()).toHaveAccessibleDescription('Name must be at least 2 characters');
    expect(field.email()).toHaveAccessibleDescription('Please enter a valid email address');
    expect(field.phone()).toHaveAccessibleDescription(/Please enter a valid phone number/);
    expect(field.message()).toHaveAccessibleDescription(/Message must be at least 10 characters/);
    expect(screen.getByText('Name must be at least 2 characters')).toHaveClass('text-danger');
    expect(screen.getByText('Name must be at least 2 characters')).toHaveAttribute(
      'id',
      'contact-name-error',
    );

    expect(fetchMock).not.toHaveBeenCalled();
    expect(form()).toHaveAttribute('data-status', 'idle');
    expect(field.name()).toHaveFocus(); // the first field to fix
    expect(field.phone()).toHaveValue('12345'); // nothing typed is lost
  });

  it('clears only the edited field’s message', async () => {
    render(<ContactForm />);
    await user.click(submitButton());
    expect(screen.getByText('Name must be at least 2 characters')).toBeInTheDocument();

    await user.type(field.name(), 'J');
    expect(screen.queryByText('Name must be at least 2 characters')).not.toBeInTheDocument();
    expect(field.name()).not.toHaveAttribute('aria-invalid');
    expect(field.name()).not.toHaveAttribute('aria-describedby');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('reports the first rule that fails for each field', async () => {
    render(<ContactForm />);
    await user.type(field.name(), 'R2-D2');
    await user.type(field.email(), 'jane@example');
    await user.type(field.message(), '   short   ');
    await user.click(submitButton());
    expect(
      screen.getByText('Name can only contain letters, spaces, hyphens, and apostrophes'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
  });

  it('rejects a 10,000-character name and message with their messages', async () => {
    render(<ContactForm />);
    await user.click(field.name());
    await user.paste('a'.repeat(10_000));
    await user.type(field.email(), 'jane@example.com');
    await user.click(field.message());
    await user.paste('x'.repeat(10_000));
    await user.click(submitButton());
    expect(screen.getByText('Name must not exceed 100 characters')).toBeInTheDocument();
    expect(screen.getByText('Message must not exceed 1000 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('accepts names in any alphabet', async () => {
    render(<ContactForm />);
    await user.type(field.name(), '김민준');
    await user.type(field.email(), 'minjun@example.com');
    await user.type(field.message(), 'A question about social skills groups.');
    await user.click(submitButton());
    await screen.findByText(THANK_YOU);
  });
});

describe('ContactForm: sending', () => {
  it('disables the form and reads "Sending..." while the message is on its way', async () => {
    const reply = deferred<Response>();
    fetchMock.mockReturnValueOnce(reply.promise);
    render(<ContactForm />);
    await fillValid();
    await user.click(submitButton());

    expect(submitButton()).toHaveTextContent('Sending...');
    // Disabled for assistive technology and for clicks, and it keeps the focus (SubmitButton).
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    expect(submitButton()).toHaveFocus();
    for (const input of Object.values(field)) expect(input()).toBeDisabled();
    expect(form()).toHaveAttribute('data-status', 'submitting');
    expect(form()).toHaveAttribute('aria-busy', 'true');

    reply.resolve(jsonResponse({ ok: true }));
    await screen.findByText(THANK_YOU);
    expect(submitButton()).toHaveTextContent('Send Message');
    expect(submitButton()).not.toHaveAttribute('aria-disabled');
  });

  it('moves focus from a field to the button when Enter sends the form, so it is not lost', async () => {
    const reply = deferred<Response>();
    fetchMock.mockReturnValueOnce(reply.promise);
    render(<ContactForm />);
    await fillValid();
    await user.type(field.email(), '{Enter}');
    expect(field.email()).toBeDisabled();
    expect(submitButton()).toHaveFocus();
    // Busy, a click on the button sends nothing more.
    await user.click(submitButton());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    reply.resolve(jsonResponse({ ok: true }));
    await screen.findByText(THANK_YOU);
  });

  it('sends the trimmed values as JSON', async () => {
    render(<ContactForm />);
    await user.type(field.name(), '  Jane Doe ');
    await user.type(field.email(), 'jane@example.com');
    await user.type(field.phone(), '(555) 123-4567');
    await user.type(field.message(), '  Hello, I have a question.  ');
    await user.click(submitButton());

    await screen.findByText(THANK_YOU);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(endpoints.contact);
    expect(JSON.parse(init!.body as string)).toEqual({
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '(555) 123-4567',
      message: 'Hello, I have a question.',
    });
  });

  it('thanks the visitor in a status region, clears the fields and moves focus to the message', async () => {
    render(<ContactForm />);
    await fillValid({ phone: '555-123-4567' });
    await user.click(submitButton());

    const status = within(form()).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(THANK_YOU));
    expect(screen.getByText(THANK_YOU)).toHaveFocus();
    expect(form()).toHaveAttribute('data-status', 'success');
    for (const input of Object.values(field)) expect(input()).toHaveValue('');
  });

  it('keeps markup and right-to-left text as plain text', async () => {
    render(<ContactForm />);
    await user.type(field.name(), 'Sara');
    await user.type(field.email(), 'sara@example.com');
    const message = 'مرحبا 👋 <script>window.hacked = true</script>';
    await user.click(field.message());
    await user.paste(message);
    await user.click(submitButton());

    await screen.findByText(THANK_YOU);
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string).message).toBe(message);
    expect(document.querySelector('script')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('ignores a second submit while the first is being sent', async () => {
    const reply = deferred<Response>();
    fetchMock.mockReturnValueOnce(reply.promise);
    render(<ContactForm />);
    await fillValid();
    await user.click(submitButton());
    (form() as HTMLFormElement).requestSubmit();
    reply.resolve(jsonResponse({ ok: true }));
    await screen.findByText(THANK_YOU);
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});

describe('ContactForm: failures', () => {
  it("shows the server's error in an alert, keeps the input and focuses the message", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'Too many submissions' }, 429));
    render(<ContactForm />);
    await fillValid();
    await user.click(submitButton());

    const alert = within(form()).getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Too many submissions'));
    expect(screen.getByText('Too many submissions')).toHaveFocus();
    expect(form()).toHaveAttribute('data-status', 'error');
    expect(field.name()).toHaveValue('Jane Doe');
    expect(field.message()).toHaveValue('I would like to book a consultation.');
    expect(submitButton()).not.toHaveAttribute('aria-disabled');
  });

  it("says 'Failed to send message' when the service cannot be reached", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<ContactForm />);
    await fillValid();
    await user.click(submitButton());
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(field.email()).toHaveValue('jane@example.com');
  });

  it("says 'An unexpected error occurred. Please try again.' for a non-Error failure", async () => {
    fetchMock.mockRejectedValueOnce('offline');
    render(<ContactForm />);
    await fillValid();
    await user.click(submitButton());
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  });

  it("says 'An unexpected error occurred' when handling the form itself fails, and does not crash", async () => {
    vi.mocked(submitContact.sendContactMessage).mockRejectedValueOnce(new Error('bug'));
    render(<ContactForm />);
    await fillValid();
    await user.click(submitButton());
    expect(await screen.findByText('An unexpected error occurred')).toBeInTheDocument();
    expect(field.name()).toHaveValue('Jane Doe');
    expect(submitButton()).not.toHaveAttribute('aria-disabled');
  });

  it('clears the previous error when submitting again, and succeeds', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'Try later' }, 503));
    render(<ContactForm />);
    await fillValid();
    await user.click(submitButton());
    await screen.findByText('Try later');

    await user.click(submitButton());
    await screen.findByText(THANK_YOU);
    expect(screen.queryByText('Try later')).not.toBeInTheDocument();
  });
});
