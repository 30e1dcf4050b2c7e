// What a screen-reader user hears using the mobile menu, the accessibility panel, the blog search
// and the sign-in form (issue 31): opening, moving through, closing, where focus lands after, and
// the announcements, each once. See spoken.ts.
import { render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import AccessibilityPanelIsland from '@/islands/a11y-panel/AccessibilityPanel';
import { BlogSearch } from '@/islands/blog/BlogSearch';
import MobileMenuIsland from '@/islands/header/MobileMenu';
import LoginForm from '@/islands/login/LoginForm';
import type { Auth, SignInResult } from '@/lib/auth/session';
import { collectTags, type CardPost } from '@/lib/blog/posts';
import { DEFAULT_PREFERENCES, applyPreferences } from '@/lib/page/a11y-preferences';
import { tagSlug } from '@/lib/slug';
import { expectHeard, listen } from './spoken';

let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup();
});
afterEach(() => vi.restoreAllMocks());

async function tabTimes(count: number) {
  for (let i = 0; i < count; i += 1) await user.tab();
}

describe('mobile menu, heard', () => {
  it('opens into the dialog on its first item, moves through, and closes back to the button', async () => {
    render(
      <>
        <MobileMenuIsland currentPath="/" />
        <main>
          <a href="/elsewhere">After</a>
        </main>
      </>,
    );
    await listen();
    await user.tab();
    await expectHeard(['button, Menu, 1 control, not expanded']);
    await user.keyboard('{Enter}');
    await expectHeard(['dialog, Menu, modal', 'link, Home, current page']);
    await tabTimes(2);
    await expectHeard(['link, Services', 'link, Our Approach']);
    await user.keyboard('{Escape}');
    await expectHeard(['button, Menu, 1 control, not expanded']);
  });
});

describe('accessibility panel, heard', () => {
  beforeEach(() => {
    sessionStorage.clear();
    applyPreferences(document.documentElement, { ...DEFAULT_PREFERENCES });
  });

  it('opens on its first setting, says each with its value, says a reset once and closes back', async () => {
    render(<AccessibilityPanelIsland />);
    await listen();
    await user.tab();
    await expectHeard(['button, Accessibility options, 1 control, not expanded']);
    await user.keyboard('{Enter}');
    await expectHeard([
      'dialog, Accessibility options',
      'slider, Text size, orientated horizontally, max value 150, min value 80, current value 100 percent',
    ]);
    await tabTimes(6);
    await expectHeard([
      'radio, Normal, checked, position 1, set size 3',
      'slider, Letter spacing, orientated horizontally, max value 5, min value 0, current value 0 pixels',
      'slider, Line height, orientated horizontally, max value 2, min value 1, current value 1.5',
      'switch, Reduce motion, not checked',
      'switch, Easy-to-read font, Atkinson Hyperlegible, a typeface made for readers with low vision., not checked',
      'button, Reset to defaults',
    ]);
    await user.keyboard('{Enter}');
    await expectHeard(['polite: Settings reset to defaults']);
    await user.keyboard('{Escape}');
    await expectHeard(['button, Accessibility options, 1 control, not expanded']);
  });
});

describe('blog search, heard', () => {
  const card = (slug: string, title: string, tags: string[]): CardPost => ({
    slug,
    title,
    excerpt: '',
    tags,
    tagSlugs: tags.map(tagSlug),
    author: 'Admin',
    publishedAt: 0,
    day: '2026-01-01',
    dateLabel: '2026-01-01',
  });
  const posts = [
    card('routines', 'Daily Living Routines', ['Routines']),
    card('morning', 'Morning Routines That Work', ['Routines']),
    card('schedules', 'Visual Schedules', ['Visual supports']),
    card('social', 'Social Skills at Home', ['Home']),
  ];

  it('says the number of results once typing pauses, not after every key', async () => {
    render(<BlogSearch tags={collectTags(posts)} load={async () => ({ posts, changed: false })} />);
    await listen();
    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'routines');
    await expectHeard(['searchbox, Search posts, placeholder Search posts...', 'polite: 2 posts found']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search posts' }));
    await expectHeard(['polite: Showing all 4 posts']);
  });
});

describe('sign-in, heard', () => {
  const INVALID = 'Invalid credentials. Please try again.';

  it('says that it is checking, then a wrong password once', async () => {
    const invalid: SignInResult = { ok: false, reason: 'invalid-credentials', message: INVALID };
    const auth = {
      signIn: vi.fn(async () => invalid),
      verifyToken: vi.fn(),
      currentSession: vi.fn(),
      signOut: vi.fn(),
    };
    render(<LoginForm auth={auth as unknown as Auth} />);
    await user.type(screen.getByLabelText(/^Username/), 'admin');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.tab();
    await listen();
    await user.keyboard('{Enter}');
    await expectHeard([
      'polite: Checking the password. On a phone this can take a few seconds.',
      `assertive: ${INVALID}`,
    ]);
  });
});
