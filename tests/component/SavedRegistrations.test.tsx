// "Your saved registration" on the privacy page: the visitor sees the registrations this browser
// keeps (on fake-indexeddb) and deletes them, by keyboard, and hears that it is done.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import trainingContent from '../../content/training/courses.json';
import SavedRegistrations, { SAVED_REGISTRATION_TEXT } from '@/islands/privacy/SavedRegistrations';
import { DATABASE_NAME, closeDb, getDb, type Registration } from '@/lib/db';
import { courseOptionsFrom, type CourseContent } from '@/lib/site/courses';
import { educationLevelOptions } from '@/lib/validation/registration';

// As the privacy page passes them.
const labels = {
  course: Object.fromEntries(
    courseOptionsFrom(trainingContent as CourseContent).map((c) => [c.value, c.label]),
  ),
  educationLevel: Object.fromEntries(educationLevelOptions.map((o) => [o.value, o.label])),
};

const registration = (name: string, createdAt: string): Omit<Registration, 'id'> => ({
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  phone: '+1 (647) 555-0190',
  educationLevel: 'masters',
  workExperience: 4,
  course: 'both',
  createdAt: new Date(createdAt),
  status: 'pending',
});

beforeEach(async () => {
  closeDb();
  await Dexie.delete(DATABASE_NAME);
});
afterEach(() => {
  closeDb();
  vi.restoreAllMocks();
});

const show = () => screen.getByRole('button', { name: SAVED_REGISTRATION_TEXT.show });

describe('SavedRegistrations', () => {
  it('reads nothing until asked, then shows each kept registration, newest first', async () => {
    await getDb().registrations.bulkAdd([
      registration('Priya Natarajan', '2026-11-02T15:00:00Z'),
      registration('Sam Lee', '2026-11-20T15:00:00Z'),
    ]);
    const user = userEvent.setup();
    render(<SavedRegistrations labels={labels} />);
    expect(screen.queryByText('Priya Natarajan')).toBeNull();

    await user.click(show());
    const items = await screen.findAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      expect.stringMatching(/^Registration saved Nov 20, 2026/),
      expect.stringMatching(/^Registration saved Nov 2, 2026/),
    ]);
    const first = within(items[1]!);
    expect(first.getByText('Priya Natarajan')).toBeVisible();
    expect(first.getByText('priya@example.com')).toBeVisible();
    // Labels, not the stored codes.
    expect(first.getByText("Master's degree")).toBeVisible();
    expect(first.getByText('Both courses')).toBeVisible();
  });

  it('deletes one by keyboard, announces it, moves focus to the announcement, and keeps the other', async () => {
    await getDb().registrations.bulkAdd([
      registration('Priya Natarajan', '2026-11-02T15:00:00Z'),
      registration('Sam Lee', '2026-11-20T15:00:00Z'),
    ]);
    const user = userEvent.setup();
    render(<SavedRegistrations labels={labels} />);
    show().focus();
    await user.keyboard('{Enter}');
    const priya = (await screen.findAllByRole('article'))[1]!;
    const remove = within(priya).getByRole('button', { name: 'Delete this registration' });
    // The button says which registration it deletes.
    expect(remove).toHaveAccessibleDescription(/^Registration saved Nov 2, 2026/);
    remove.focus();
    await user.keyboard('{Enter}');

    const status = await screen.findByRole('status');
    await vi.waitFor(() =>
      expect(status).toHaveTextContent(
        /^The registration saved Nov 2, 2026.* was deleted from this browser\.$/,
      ),
    );
    await vi.waitFor(() => expect(status.firstElementChild).toHaveFocus());
    expect(screen.queryByText('Priya Natarajan')).toBeNull();
    expect(screen.getByText('Sam Lee')).toBeVisible();
    expect((await getDb().registrations.toArray()).map((r) => r.name)).toEqual(['Sam Lee']);
  });

  it('says so when this browser keeps none', async () => {
    const user = userEvent.setup();
    render(<SavedRegistrations labels={labels} />);
    await user.click(show());
    expect(await screen.findByText(SAVED_REGISTRATION_TEXT.none)).toBeVisible();
  });

  it('says so when the browser storage cannot be read, and does not throw', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(getDb().registrations, 'orderBy').mockImplementation(() => {
      throw Object.assign(new Error('refused'), { name: 'SecurityError' });
    });
    const user = userEvent.setup();
    render(<SavedRegistrations labels={labels} />);
    await user.click(show());
    expect(await screen.findByText(SAVED_REGISTRATION_TEXT.unreadable)).toBeVisible();
  });

  it('announces a failed deletion as an alert and keeps the registration shown', async () => {
    await getDb().registrations.add(registration('Priya Natarajan', '2026-11-02T15:00:00Z'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<SavedRegistrations labels={labels} />);
    await user.click(show());
    await screen.findByText('Priya Natarajan');
    vi.spyOn(getDb().registrations, 'delete').mockRejectedValue(new Error('disk'));
    await user.click(screen.getByRole('button', { name: 'Delete this registration' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SAVED_REGISTRATION_TEXT.notDeleted);
    expect(screen.getByText('Priya Natarajan')).toBeVisible();
  });
});
