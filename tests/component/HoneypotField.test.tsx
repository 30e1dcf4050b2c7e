// Both public forms carry the honeypot (src/islands/shared/honeypot-field.tsx): hidden from people
// and assistive technology, and its value goes out only when something filled it.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import trainingContent from '../../content/training/courses.json';
import ContactForm from '@/islands/contact/ContactForm';
import RegistrationForm from '@/islands/registration/RegistrationForm';
import { courseOptionsFrom, type CourseContent } from '@/lib/site/courses';
import { HONEYPOT_FIELD } from '@/lib/forms/honeypot';
import { jsonResponse } from '../helpers';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async (url) =>
    jsonResponse(String(url).includes('confirm') ? { success: true } : { ok: true }),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sentBodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
const trapIn = (container: HTMLElement) =>
  container.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)!;

async function sendContact(robot: boolean) {
  const user = userEvent.setup();
  const { container } = render(<ContactForm />);
  const trap = trapIn(container);
  expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  expect(trap).toHaveAttribute('tabindex', '-1');
  // Role queries skip what assistive technology does not see.
  expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).toBeNull();
  expect(screen.getByRole('textbox', { name: 'Leave this field empty', hidden: true })).toBe(trap);
  await user.type(screen.getByLabelText(/^Name/), 'Jane Doe');
  await user.type(screen.getByLabelText(/^Email/), 'jane@example.com');
  await user.type(screen.getByLabelText(/^Message/), 'I would like to book a consultation.');
  if (robot) await user.type(trap, 'http://spam.example');
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
}

describe('honeypot in the contact form', () => {
  it('a person sends the four fields only', async () => {
    await sendContact(false);
    expect(sentBodies()[0]).not.toHaveProperty(HONEYPOT_FIELD);
  });

  it('a robot that fills it sends it along', async () => {
    await sendContact(true);
    expect(sentBodies()[0]).toHaveProperty(HONEYPOT_FIELD, 'http://spam.example');
  });
});

describe('honeypot in the registration form', () => {
  it('goes to both services when filled', async () => {
    const user = userEvent.setup();
    const courses = courseOptionsFrom(trainingContent as CourseContent);
    const { container } = render(<RegistrationForm courses={courses} />);
    const trap = trapIn(container);
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    await user.type(screen.getByLabelText(/^Full name/), 'Jane Doe');
    await user.type(screen.getByLabelText(/^Email/), 'jane@example.com');
    await user.type(screen.getByLabelText(/^Phone/), '+1 (555) 123-4567');
    await user.selectOptions(screen.getByLabelText(/^Highest level of education/), 'masters');
    await user.type(screen.getByLabelText(/^Years of work experience/), '4');
    await user.click(screen.getByRole('radio', { name: /Both courses/ }));
    await user.type(trap, 'bot');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    for (const body of sentBodies()) expect(body).toHaveProperty(HONEYPOT_FIELD, 'bot');
  });
});
