// What a screen-reader user hears filling in the contact and registration forms (issue 31): each
// field's label, whether it is required and its hint; the errors after a failed submit; the
// progress while sending and the outcome, in the specification's words (SPEC 8). See spoken.ts.
import { render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import trainingContent from '../../content/training/courses.json';
import ContactForm from '@/islands/contact/ContactForm';
import RegistrationForm from '@/islands/registration/RegistrationForm';
import { courseOptionsFrom, type CourseContent } from '@/lib/site/courses';
import { DATABASE_NAME, closeDb } from '@/lib/db';
import { endpoints } from '@/lib/endpoints';
import { deferred, jsonResponse } from '../helpers';
import { expectHeard, listen } from './spoken';

const courses = courseOptionsFrom(trainingContent as CourseContent);

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let user: UserEvent;

beforeEach(async () => {
  closeDb();
  await Dexie.delete(DATABASE_NAME);
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ ok: true }));
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  user = userEvent.setup();
});
afterEach(() => {
  closeDb();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function tabTimes(count: number) {
  for (let i = 0; i < count; i += 1) await user.tab();
}

describe('contact form, heard', () => {
  const fields = [
    'textbox, Name (required), required',
    'textbox, Email (required), required',
    'textbox, Phone (optional), North American number, for example +1 (555) 123-4567.',
    'textbox, Message (required), Between 10 and 1,000 characters., required',
    'button, Send Message',
  ];

  async function fillValid() {
    await user.type(screen.getByLabelText(/^Name/), 'Jane Doe');
    await user.type(screen.getByLabelText(/^Email/), 'jane@example.com');
    await user.type(screen.getByLabelText(/^Message/), 'I would like to book a consultation.');
  }

  it('says each field with its label, whether it is required, and its hint', async () => {
    render(<ContactForm />);
    await listen();
    await tabTimes(fields.length);
    await expectHeard(fields);
  });

  it('after a submit with errors, lands on the first error and reaches each of the others', async () => {
    render(<ContactForm />);
    await listen();
    await tabTimes(fields.length);
    await expectHeard(fields);
    await user.keyboard('{Enter}');
    await expectHeard(['textbox, Name (required), Name must be at least 2 characters, invalid, required']);
    await tabTimes(3);
    await expectHeard([
      'textbox, Email (required), Please enter a valid email address, invalid, required',
      'textbox, Phone (optional), North American number, for example +1 (555) 123-4567.',
      'textbox, Message (required), Between 10 and 1,000 characters. Message must be at least 10 characters, invalid, required',
    ]);
  });

  it('says that it is sending, then the thank-you once', async () => {
    const answer = deferred<Response>();
    fetchMock.mockImplementation(() => answer.promise);
    render(<ContactForm />);
    await fillValid();
    await user.tab();
    await listen();
    await user.keyboard('{Enter}');
    await expectHeard(['polite: Sending...']);
    answer.resolve(jsonResponse({ ok: true }));
    await expectHeard(["polite: Thank you for your message. We'll get back to you soon!"]);
  });

  it("says a failure at once, in the specification's words", async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}, 500));
    render(<ContactForm />);
    await fillValid();
    await user.tab();
    await listen();
    await user.keyboard('{Enter}');
    await expectHeard(['polite: Sending...', 'assertive: Failed to send message']);
  });
});

describe('registration form, heard', () => {
  const phoneHint = 'Digits, spaces, hyphens or parentheses, for example +1 (555) 123-4567.';
  const fields = [
    'textbox, Full name (required), required',
    'textbox, Email (required), required',
    `textbox, Phone (required), ${phoneHint}, required`,
    'combobox, Highest level of education (required), has popup listbox, not expanded, required',
    'textbox, Years of work experience (required), A number from 0 to 50., required',
    'radio, Introductory ABA — $299, Feb 17 to Feb 28, weekdays, 6-8 PM, not checked, position 1, set size 3',
    'button, Register',
  ];
  const SUCCESS = "Registration submitted successfully! We'll contact you soon with further details.";
  const CONFIRMATION_FAILED =
    'Your registration has been saved but we could not send the confirmation email. We will contact you shortly to confirm your registration.';
  const CONNECTION =
    'Unable to connect to the registration service. Please try again later or contact us directly.';

  /** Answers the registration endpoint with `registration` and the confirmation one with `confirmation`. */
  function answer({
    registration = () => jsonResponse({ ok: true }),
    confirmation = () => jsonResponse({ success: true }),
  }: {
    registration?: () => Response | Promise<Response>;
    confirmation?: () => Response | Promise<Response>;
  }) {
    fetchMock.mockImplementation(async (url) =>
      url === endpoints.confirmation ? confirmation() : registration(),
    );
  }

  /** Fills every field with valid values and leaves focus on the Register button. */
  async function fillValid() {
    await user.type(screen.getByLabelText(/^Full name/), 'Jane Doe');
    await user.type(screen.getByLabelText(/^Email/), 'jane@example.com');
    await user.type(screen.getByLabelText(/^Phone/), '+1 (555) 123-4567');
    await user.selectOptions(screen.getByLabelText(/^Highest level of education/), 'masters');
    await user.type(screen.getByLabelText(/^Years of work experience/), '4');
    await user.click(screen.getByRole('radio', { name: /Both courses/ }));
    await user.tab();
  }

  it('says each field with its label, whether it is required, and its hint', async () => {
    render(<RegistrationForm courses={courses} />);
    await listen();
    await tabTimes(fields.length);
    await expectHeard(fields);
  });

  it('after a submit with errors, says the summary, lands on the first error and reaches each other', async () => {
    render(<RegistrationForm courses={courses} />);
    await tabTimes(fields.length);
    await listen();
    await user.keyboard('{Enter}');
    await expectHeard([
      'textbox, Full name (required), Name must be at least 2 characters, invalid, required',
      'assertive: Please correct the errors in the form.',
    ]);
    await tabTimes(5);
    await expectHeard([
      'textbox, Email (required), Please enter a valid email address, invalid, required',
      `textbox, Phone (required), ${phoneHint} Please enter a valid phone number, invalid, required`,
      'combobox, Highest level of education (required), Please select your highest level of education, has popup listbox, not expanded, invalid, required',
      'textbox, Years of work experience (required), A number from 0 to 50. Please enter a valid number of years, invalid, required',
      'radio, Introductory ABA — $299, Feb 17 to Feb 28, weekdays, 6-8 PM Please select a course, not checked, position 1, set size 3',
    ]);
  });

  it('says that it is submitting, then the success once', async () => {
    const registration = deferred<Response>();
    answer({ registration: () => registration.promise });
    render(<RegistrationForm courses={courses} />);
    await fillValid();
    await listen();
    await user.keyboard('{Enter}');
    await expectHeard(['polite: Submitting...']);
    registration.resolve(jsonResponse({ ok: true }));
    await expectHeard([`polite: ${SUCCESS}`]);
  });

  it('says, once, that the registration is saved but not confirmed', async () => {
    answer({ confirmation: () => jsonResponse({ success: false }) });
    render(<RegistrationForm courses={courses} />);
    await fillValid();
    await listen();
    await user.keyboard('{Enter}');
    await expectHeard(['polite: Submitting...', `polite: ${CONFIRMATION_FAILED}`]);
  });

  it('says a failure to connect at once', async () => {
    answer({ registration: () => Promise.reject(new TypeError('Failed to fetch')) });
    render(<RegistrationForm courses={courses} />);
    await fillValid();
    await listen();
    await user.keyboard('{Enter}');
    await expectHeard(['polite: Submitting...', `assertive: ${CONNECTION}`]);
  });
});
