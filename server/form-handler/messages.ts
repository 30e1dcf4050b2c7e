// The three e-mails the form handler sends, as plain text and simple HTML. Everything a visitor
// typed goes into the HTML part through escapeHtml only, so it always reads as text.
import { type CourseContent, formatPrice } from '../../src/lib/site/courses';
import type { PracticeSettings } from '../../src/lib/site/settings-schema';
import { hoursLabel } from '../../src/lib/site/settings';
import type { ContactMessage } from '../../src/lib/validation/contact';
import { type RegistrationDetails, educationLevelOptions } from '../../src/lib/validation/registration';
import { escapeHtml } from '../../src/lib/text/escape-html';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** The practice and its courses as the built pages show them (the same content files). */
export interface SiteFacts {
  practice: PracticeSettings;
  training: CourseContent & { notes?: readonly string[] };
}

/** Label and value rows, in text as 'Label: value' and in HTML as a table. */
type Rows = [label: string, value: string][];

const textRows = (rows: Rows) =>
  rows.map(([label, value]) => `${label}: ${value || '(not given)'}`).join('\n');

const htmlRows = (rows: Rows) =>
  '<table cellpadding="4" style="border-collapse:collapse">' +
  rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value || '(not given)')}</td></tr>`,
    )
    .join('') +
  '</table>';

/** Text kept as typed, line breaks included: escaped, then breaks as <br>. */
const htmlParagraph = (value: string) => `<p>${escapeHtml(value).replace(/\r?\n/g, '<br>')}</p>`;

function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    `<title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">${body}</body></html>`
  );
}

/** One line per course the registration covers: title, dates, schedule. */
export function registeredCourses(course: RegistrationDetails['course'], training: CourseContent) {
  const chosen = course === 'both' ? training.courses : training.courses.filter((c) => c.id === course);
  return chosen.map((c) => ({ title: c.title, when: `${c.upcoming}, ${c.schedule}`, price: c.price }));
}

/** The price the registrant pays: the course's own, or the bundle's for both. */
export function registrationPrice(course: RegistrationDetails['course'], training: CourseContent): number {
  if (course === 'both') return training.bundle.price;
  return training.courses.find((c) => c.id === course)?.price ?? 0;
}

function courseTitle(course: RegistrationDetails['course'], training: CourseContent): string {
  return registeredCourses(course, training)
    .map((c) => c.title)
    .join(' and ');
}

/** 'Eastern Time' for America/Toronto: the zone the course times are given in. */
function zoneName(timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, timeZoneName: 'longGeneric' }).formatToParts();
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

const educationLabel = (value: string) =>
  educationLevelOptions.find((option) => option.value === value)?.label ?? value;

export function contactMail(message: ContactMessage, { practice }: SiteFacts): MailContent {
  const subject = `Website message from ${message.name}`;
  const rows: Rows = [
    ['Name', message.name],
    ['Email', message.email],
    ['Phone', message.phone],
  ];
  const intro = `A visitor sent this message with the contact form of the ${practice.shortName} website. Reply to this email to answer them.`;
  return {
    subject,
    text: `${intro}\n\n${textRows(rows)}\n\nMessage:\n${message.message}\n`,
    html: page(
      subject,
      `<p>${escapeHtml(intro)}</p>${htmlRows(rows)}<h2 style="font-size:18px">Message</h2>${htmlParagraph(message.message)}`,
    ),
  };
}

export function registrationMail(
  details: RegistrationDetails,
  { practice, training }: SiteFacts,
): MailContent {
  const title = courseTitle(details.course, training);
  const subject = `Course registration: ${title}, ${details.name}`;
  const rows: Rows = [
    ['Course', title],
    ...registeredCourses(details.course, training).map((c): [string, string] => [c.title, c.when]),
    ['Price', `${formatPrice(registrationPrice(details.course, training))} (CAD)`],
    ['Full name', details.name],
    ['Email', details.email],
    ['Phone', details.phone],
    ['Highest level of education', educationLabel(details.educationLevel)],
    ['Years of work experience', String(details.workExperience)],
  ];
  const intro =
    `A course registration came in through the ${practice.shortName} website. The registrant was ` +
    'told that you will contact them to confirm their place. Reply to this email to reach them.';
  return {
    subject,
    text: `${intro}\n\n${textRows(rows)}\n`,
    html: page(subject, `<p>${escapeHtml(intro)}</p>${htmlRows(rows)}`),
  };
}

export function confirmationMail(
  details: RegistrationDetails,
  { practice, training }: SiteFacts,
): MailContent {
  const title = courseTitle(details.course, training);
  const subject = `${practice.shortName}: your registration for ${title}`;
  const courses = registeredCourses(details.course, training);
  const price = `${formatPrice(registrationPrice(details.course, training))} (Canadian dollars)`;
  const next = [
    'Your place is not confirmed yet. We will contact you by email or phone to confirm it.',
    'Before the first session, we send the joining link and the course materials by email.',
    'If you have access needs, such as captions, extra breaks or materials in another format, reply to this email and we will plan for them.',
    'If you did not make this registration, reply to let us know and we will remove it.',
  ];
  const contact = [
    practice.name,
    `Email: ${practice.email}`,
    `Phone: ${practice.phone}`,
    ...practice.hours.map(hoursLabel),
  ];
  const greeting = `Hello ${details.name},`;
  const received = `Thank you for registering with ${practice.name}. We have received your registration for:`;
  const courseLines = courses.map((c) => `${c.title}: ${c.when} (${zoneName(practice.timeZone)})`);
  const text = [
    greeting,
    '',
    received,
    '',
    ...courseLines.map((line) => `- ${line}`),
    `- Price: ${price}`,
    '',
    'What happens next',
    ...next.map((line) => `- ${line}`),
    '',
    'Questions? Reply to this email or contact us:',
    ...contact,
    '',
  ].join('\n');
  const list = (lines: string[]) =>
    `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;
  const html = page(
    subject,
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(received)}</p>` +
      list([...courseLines, `Price: ${price}`]) +
      `<h2 style="font-size:18px">What happens next</h2>${list(next)}` +
      `<p>Questions? Reply to this email or contact us:</p><p>${contact.map(escapeHtml).join('<br>')}</p>`,
  );
  return { subject, text, html };
}
