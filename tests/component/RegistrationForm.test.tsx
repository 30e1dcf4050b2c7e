import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import Dexie from 'dexie';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import trainingContent from '../../content/training/courses.json';
import RegistrationForm from '@/islands/registration/RegistrationForm';
import { courseOptionsFrom, type CourseContent } from '@/lib/site/courses';
import { DATABASE_NAME, closeDb, getDb } from '@/lib/db';
import { endpoints } from '@/lib/endpoints';
import * as submitModule from '@/lib/forms/submit-registration';
import { deferred, jsonResponse } from '../helpers';

vi.mock('@/lib/forms/submit-registration', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/forms/submit-registration')>();
  return { ...actual, submitRegistration: vi.fn(actual.submitRegistration) };
});

const SUCCESS = "Registration submitted successfully! We'll contact you soon with further details.";
const CONFIRMATION_FAILED =
  'Your registration has been saved but we could not send the confirmation email. We will contact you shortly to confirm your registration.';
const SUMMARY = 'Please correct the errors in the form.';
/** The courses as the training page passes them, from its content file. */
const courses = courseOptionsFrom(trainingContent as CourseContent);

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let user: UserEvent;

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

beforeEach(async () => {
  closeDb();
  await Dexie.delete(DATABASE_NAME);
  fetchMock = vi.fn<typeof fetch>();
  answer({});
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  user = userEvent.setup();
});
afterEach(() => {
  closeDb();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const field = {
  name: () => screen.getByLabelText(/^Full name/),
  email: () => screen.getByLabelText(/^Email/),
  phone: () => screen.getByLabelText(/^Phone/),
  education: () => screen.getByLabelText(/^Highest level of education/),
  experience: () => screen.getByLabelText(/^Years of work experience/),
};
const course = (name: RegExp) => screen.getByRole('radio', { name });
const courseGroup = () => screen.getByRole('group', { name: /^Course/ });
const submitButton = () => screen.getByRole('button', { name: /^(Register|Submitting\.\.\.)$/ });
const form = () => screen.getByRole('form', { name: 'Course registration' });

async function fillValid() {
  await user.type(field.name(), 'Jane Doe');
  await user.type(field.email(), 'jane@example.com');
  await user.type(field.phone(), '+1 (555) 123-4567');
  await user.selectOptions(field.education(), 'masters');
  await user.type(field.experience(), '4');
  await user.click(course(/Both courses/));
}

function expectEmptyForm() {
  expect(field.name()).toHaveValue('');
  expect(field.email()).toHaveValue('');
  expect(field.phone()).toHaveValue('');
  expect(field.education()).toHaveValue('');
  expect(field.experience()).toHaveValue('');
  for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
}

describe('RegistrationForm: markup', () => {
  it('labels every field and says in words that each is required', () => {
    render(<RegistrationForm courses={courses} />);
    expect(form()).toHaveAttribute('id', 'registration-form');
    expect(field.name()).toHaveAccessibleName('Full name (required)');
    expect(field.email()).toHaveAccessibleName('Email (required)');
    expect(field.phone()).toHaveAccessibleName('Phone (required)');
    expect(field.education()).toHaveAccessibleName('Highest level of education (required)');
    expect(field.experience()).toHaveAccessibleName('Years of work experience (required)');
    expect(courseGroup()).toHaveAccessibleName('Course (required)');
    expect(field.name()).toHaveAttribute('autocomplete', 'name');
    expect(field.email()).toHaveAttribute('autocomplete', 'email');
    expect(field.phone()).toHaveAttribute('autocomplete', 'tel');
    expect(submitButton()).toHaveTextContent('Register');
  });

  it("offers the training page's courses with their prices and the education levels with readable labels", () => {
    render(<RegistrationForm courses={courses} />);
    expect(course(/^Introductory ABA — \$299/)).toHaveAttribute('value', 'intro');
    expect(course(/^Advanced ABA — \$399/)).toHaveAttribute('value', 'advanced');
    expect(course(/^Both courses — \$599/)).toHaveAttribute('value', 'both');
    expect(screen.getByText('Save $99')).toBeInTheDocument();
    const options = within(field.education() as HTMLElement).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Select your education level',
      'High school diploma',
      "Bachelor's degree",
      "Master's degree",
      'PhD / Doctorate',
      'Other',
    ]);
  });

  it('uses the courses the training page passes, and can preselect one', () => {
    render(
      <RegistrationForm
        courses={[
          { value: 'intro', label: 'Intro to ABA (online)', price: 249, note: 'Feb 17 to Feb 28' },
          { value: 'advanced', label: 'Advanced practice' },
        ]}
        defaultCourse="advanced"
      />,
    );
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(course(/^Intro to ABA \(online\) — \$249/)).not.toBeChecked();
    expect(course(/^Advanced practice$/)).toBeChecked();
    expect(screen.getByText('Feb 17 to Feb 28')).toBeInTheDocument();
  });

  it('renders the whole form on the server', () => {
    const html = renderToString(<RegistrationForm courses={courses} />);
    for (const id of [
      'registration-form',
      'registration-name',
      'registration-email',
      'registration-phone',
      'registration-education',
      'registration-experience',
      'registration-course-intro',
    ]) {
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain('Introductory ABA');
    expect(html).toContain(`action="${endpoints.registration}"`);
  });

  it('keeps what the visitor typed before the island hydrated', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<RegistrationForm courses={courses} />);
    document.body.append(container);
    container.querySelector<HTMLInputElement>('#registration-name')!.value = 'Early Bird';
    container.querySelector<HTMLInputElement>('#registration-course-advanced')!.checked = true;

    const root = await act(async () => hydrateRoot(container, <RegistrationForm courses={courses} />));
    try {
      expect(field.name()).toHaveValue('Early Bird');
      expect(course(/Advanced ABA/)).toBeChecked();
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });
});

describe('RegistrationForm: validation', () => {
  it('shows every field message plus the summary, wired to the inputs, and sends nothing', async () => {
    render(<RegistrationForm courses={courses} />);
    await user.click(submitButton());

    expect(within(form()).getByRole('alert')).toHaveTextContent(SUMMARY);
    expect(field.name()).toHaveAccessibleDescription('Name must be at least 2 characters');
    expect(field.email()).toHaveAccessibleDescription('Please enter a valid email address');
    expect(field.phone()).toHaveAccessibleDescription(/Please enter a valid phone number/);
    expect(field.education()).toHaveAccessibleDescription('Please select your highest level of education');
    expect(field.experience()).toHaveAccessibleDescription(/Please enter a valid number of years/);
    expect(courseGroup()).toHaveAttribute('aria-invalid', 'true');
    expect(course(/Introductory ABA/)).toHaveAccessibleDescription(
      'Feb 17 to Feb 28, weekdays, 6-8 PM Please select a course',
    );
    for (const input of [field.name(), field.email(), field.phone(), field.education(), field.experience()]) {
      expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByText('Please select a course')).toHaveClass('text-danger');

    expect(field.name()).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(form()).toHaveAttribute('data-status', 'idle');
  });

  it.each([
    ['-1', 'Years must be 0 or greater'],
    ['51', 'Please enter a valid number of years'],
    ['abc', 'Please enter a valid number of years'],
  ])('explains work experience %j with "%s"', async (years, message) => {
    render(<RegistrationForm courses={courses} />);
    await fillValid();
    await user.clear(field.experience());
    await user.type(field.experience(), years);
    await user.click(submitButton());
    expect(field.experience()).toHaveAccessibleDescription(`A number from 0 to 50. ${message}`);
    expect(field.experience()).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears a field’s message when that field is edited, whatever kind of control it is', async () => {
    render(<RegistrationForm courses={courses} />);
    await user.click(submitButton());

    await user.selectOptions(field.education(), 'phd');
    expect(screen.queryByText('Please select your highest level of education')).not.toBeInTheDocument();
    await user.click(course(/Advanced ABA/));
    expect(screen.queryByText('Please select a course')).not.toBeInTheDocument();
    expect(courseGroup()).not.toHaveAttribute('aria-invalid');
    await user.type(field.experience(), '2');
    expect(screen.queryByText('Please enter a valid number of years')).not.toBeInTheDocument();

    expect(screen.getByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
  });
});

describe('RegistrationForm: submitting', () => {
  it('disables the form and reads "Submitting..." while sending', async () => {
    const reply = deferred<Response>();
    answer({ registration: () => reply.promise });
    render(<RegistrationForm courses={courses} />);
    await fillValid();
    await user.click(submitButton());

    await waitFor(() => expect(submitButton()).toHaveTextContent('Submitting...'));
    // Disabled for assistive technology and for clicks, and it keeps the focus (SubmitButton).
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    expect(submitButton()).toHaveFocus();
    for (const input of Object.values(field)) expect(input()).toBeDisabled();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(form()).toHaveAttribute('data-status', 'submitting');

    reply.resolve(jsonResponse({ ok: true }));
    await screen.findByText(SUCCESS);
    expect(submitButton()).toHaveTextContent('Register');
    expect(submitButton()).not.toHaveAttribute('aria-disabled');
  });

  it('saves, sends and confirms, then announces success and resets the form', async () => {
    render(<RegistrationForm courses={courses} />);
    await fillValid();
    await user.click(submitButton());

    const status = within(form()).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(SUCCESS));
    expect(screen.getByText(SUCCESS)).toHaveFocus();
    expect(form()).toHaveAttribute('data-status', 'success');
    expectEmptyForm();

    const sent = {
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '+1 (555) 123-4567',
      educationLevel: 'masters',
      workExperience: 4,
      course: 'both',
    };
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      endpoints.registration,
      endpoints.confirmation,
    ]);
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual(sent);
    const stored = await getDb().registrations.toArray();
    expect(stored).toEqual([{ id: 1, ...sent, createdAt: expect.anything(), status: 'pending' }]);
    // Not expect.any(Date): fake-indexeddb copies with Node's structuredClone, whose Dates are not
    // instances of the test file's own Date (vitest.config.ts, component tests in VM contexts).
    expect(Object.prototype.toString.call(stored[0]!.createdAt)).toBe('[object Date]');
  });

  it('warns, still as a success, when the confirmation e-mail could not be sent', async () => {
    answer({ confirmation: () => jsonResponse({ success: false }) });
    render(<RegistrationForm courses={courses} />);
    await fillValid();
    await user.click(submitButton());

    const status = within(form()).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(CONFIRMATION_FAILED));
    expect(screen.getByText(CONFIRMATION_FAILED)).toHaveAttribute('data-notice', 'warning');
    expect(form()).toHaveAttribute('data-status', 'success');
    expectEmptyForm();
  });

  it('refuses a name with markup in the form, with the contact form’s message, and sends nothing', async () => {
    render(<RegistrationForm courses={courses} />);
    await fillValid();
    await user.clear(field.name());
    await user.click(field.name());
    await user.paste('<img src=x onerror=alert(1)> שרה');
    await user.click(submitButton());
    expect(
      await screen.findByText('Name can only contain letters, spaces, hyphens, and apostrophes'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.querySelector('img')).toBeNull();
  });

  it('sends a name in another script as typed', async () => {
    render(<RegistrationForm courses={courses} />);
    await fillValid();
    await user.clear(field.name());
    await user.type(field.name(), 'שרה כהן');
    await user.click(submitButton());
    await screen.findByText(SUCCESS);
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string).name).toBe('שרה כהן');
  });
});

describe('RegistrationForm: failures keep the input', () => {
  async function submitExpectingError(message: string) {
    render(<RegistrationForm courses={courses} />);
    await fillValid();
    await user.click(submitButton());
    const alert = within(form()).getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(message));
    expect(screen.getByText(message)).toHaveFocus();
    expect(form()).toHaveAttribute('data-status', 'error');
    expect(field.name()).toHaveValue('Jane Doe');
    expect(field.education()).toHaveValue('masters');
    expect(field.experience()).toHaveValue('4');
    expect(course(/Both courses/)).toBeChecked();
    expect(submitButton()).not.toHaveAttribute('aria-disabled');
  }

  it("shows the service's error", async () => {
    answer({ registration: () => jsonResponse({ error: 'This form is not accepting submissions' }, 403) });
    await submitExpectingError('This form is not accepting submissions');
  });

  it("says 'Failed to send registration' when the service gives no reason", async () => {
    answer({ registration: () => jsonResponse({}, 500) });
    await submitExpectingError('Failed to send registration');
  });

  it('explains a connection failure', async () => {
    answer({
      registration: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await submitExpectingError(
      'Unable to connect to the registration service. Please try again later or contact us directly.',
    );
  });

  it('survives an unexpected failure in the form handling', async () => {
    vi.mocked(submitModule.submitRegistration).mockRejectedValueOnce(new Error('bug'));
    await submitExpectingError('An unexpected error occurred. Please try again later.');
  });

  it('clears the previous error when submitting again', async () => {
    answer({ registration: () => jsonResponse({ error: 'Busy' }, 503) });
    render(<RegistrationForm courses={courses} />);
    await fillValid();
    await user.click(submitButton());
    await screen.findByText('Busy');

    answer({});
    await user.click(submitButton());
    await screen.findByText(SUCCESS);
    expect(screen.queryByText('Busy')).not.toBeInTheDocument();
    // One registration, one record in the browser, however many tries it took.
    expect(await getDb().registrations.count()).toBe(1);
  });
});
