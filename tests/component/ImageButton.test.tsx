// The editor's Image button (issue 18): a dialog asking for the picture's address and alt text, with
// the messages tied to their fields, focus moving into it and back to the editor; and the save's
// refusal of a picture without alt text.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthGate } from '@/islands/admin/AuthGate';
import { PostForm } from '@/islands/admin/PostForm';
import { EMPTY_POST_FORM, type PostFormValues } from '@/lib/admin/post-form';
import { PICTURE_MESSAGES } from '@/lib/admin/picture-input';
import type { Auth } from '@/lib/auth/session';
import { closeDb, type Session } from '@/lib/db';

const session: Session = {
  id: 'session-1',
  userId: 1,
  createdAt: new Date(),
  expiresAt: new Date(Date.now() + 7_200_000),
};

const auth = () =>
  ({
    signIn: vi.fn(),
    verifyToken: vi.fn(),
    currentSession: vi.fn(async () => session),
    signOut: vi.fn(async () => {}),
  }) as unknown as Auth;

beforeEach(async () => {
  closeDb();
  await Dexie.delete('BlogDatabase');
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/admin/posts/new');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  closeDb();
});

async function renderForm(initial: PostFormValues = EMPTY_POST_FORM) {
  render(
    <AuthGate auth={auth()} onRedirect={vi.fn()}>
      <PostForm formKey="new" initial={initial} />
    </AuthGate>,
  );
  const toolbar = await screen.findByRole('toolbar', { name: 'Formatting' });
  return {
    image: within(toolbar).getByRole('button', { name: 'Image' }),
    editor: screen.getByRole('textbox', { name: 'Content' }),
  };
}

const dialog = () => screen.getByRole('dialog', { name: /picture/ });

describe('the Image button', () => {
  it('adds a picture with its address and alt text, and gives focus back to the editor', async () => {
    const { image, editor } = await renderForm();
    await userEvent.click(image);
    const address = within(dialog()).getByLabelText(/^Picture address/);
    expect(address).toHaveFocus();
    await userEvent.type(address, 'https://example.org/schedule.png');
    await userEvent.type(within(dialog()).getByLabelText(/^Alt text/), 'A visual schedule');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Add picture' }));
    await waitFor(() =>
      expect(editor.querySelector('img')).toMatchObject({
        alt: 'A visual schedule',
        src: 'https://example.org/schedule.png',
      }),
    );
    await waitFor(() => expect(editor).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();
    // The cursor is after the new picture, not on it (a key typed would replace a selected picture).
    expect(image).toHaveAttribute('aria-pressed', 'false');
  });

  it('requires alt text, with the message tied to its field', async () => {
    const { image, editor } = await renderForm();
    await userEvent.click(image);
    await userEvent.type(within(dialog()).getByLabelText(/^Picture address/), '/_astro/a.webp');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Add picture' }));
    const alt = within(dialog()).getByLabelText(/^Alt text/);
    expect(alt).toHaveFocus();
    expect(alt).toHaveAttribute('aria-invalid', 'true');
    expect(alt).toHaveAccessibleDescription(expect.stringContaining(PICTURE_MESSAGES.altRequired));
    expect(editor.querySelector('img')).toBeNull();
  });

  it('refuses an address the site cannot show, naming what to write', async () => {
    const { image, editor } = await renderForm();
    await userEvent.click(image);
    const address = within(dialog()).getByLabelText(/^Picture address/);
    await userEvent.type(address, 'data:image/png;base64,AAAA');
    await userEvent.type(within(dialog()).getByLabelText(/^Alt text/), 'A dot');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Add picture' }));
    expect(address).toHaveFocus();
    expect(address).toHaveAccessibleDescription(expect.stringContaining(PICTURE_MESSAGES.embedded));
    await userEvent.clear(address);
    await userEvent.type(address, 'http://example.org/a.png');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Add picture' }));
    expect(address).toHaveAccessibleDescription(expect.stringContaining(PICTURE_MESSAGES.http));
    expect(editor.querySelector('img')).toBeNull();
  });

  it('works from the keyboard: Enter adds, Escape cancels and returns to the editor', async () => {
    const { image, editor } = await renderForm();
    act(() => image.focus());
    await userEvent.keyboard('{Enter}');
    expect(within(dialog()).getByLabelText(/^Picture address/)).toHaveFocus();
    await userEvent.keyboard('/_astro/line.webp{Tab}{Tab}{ }');
    expect(within(dialog()).getByLabelText('Decorative picture')).toBeChecked();
    expect(within(dialog()).getByLabelText(/^Alt text/)).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(editor.querySelector('img')).toHaveAttribute('alt', ''));
    await waitFor(() => expect(editor).toHaveFocus());

    act(() => image.focus());
    await userEvent.keyboard('{Enter}');
    expect(within(dialog()).getByLabelText(/^Picture address/)).toHaveFocus();
    // Escape: the dialog's cancel event (jsdom does not send it on the key).
    act(() => {
      dialog().dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    await waitFor(() => expect(editor).toHaveFocus());
    expect(editor.querySelectorAll('img')).toHaveLength(1);
  });

  it("changes a selected picture's alt text, pre-filling the dialog", async () => {
    const { image, editor } = await renderForm({
      ...EMPTY_POST_FORM,
      content: '<p>Hi</p><img src="https://example.org/a.png" alt="Old words">',
    });
    // Selecting the picture (jsdom has no layout for a click on it): TipTap's editor on its element.
    const tiptap = (editor as HTMLElement & { editor: import('@tiptap/core').Editor }).editor;
    act(() => {
      tiptap.commands.setNodeSelection(4); // after <p>Hi</p>
    });
    await waitFor(() => expect(image).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(image);
    expect(within(dialog()).getByLabelText(/^Picture address/)).toHaveValue('https://example.org/a.png');
    const alt = within(dialog()).getByLabelText(/^Alt text/);
    expect(alt).toHaveValue('Old words');
    await userEvent.clear(alt);
    await userEvent.type(alt, 'New words');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Change picture' }));
    await waitFor(() => expect(editor.querySelector('img')).toHaveAttribute('alt', 'New words'));
    expect(editor.querySelectorAll('img')).toHaveLength(1);
  });
});

describe('saving a post with a picture', () => {
  it('is refused while a picture has no alt text, naming it, with focus on the editor', async () => {
    const { editor } = await renderForm({
      ...EMPTY_POST_FORM,
      title: 'Pictures',
      excerpt: 'With pictures.',
      content: '<p>Hi</p><img src="https://example.org/pics/chart.png">',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save post' }));
    await waitFor(() => expect(editor).toHaveFocus());
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(editor).toHaveAccessibleDescription(
      expect.stringContaining('The picture “chart.png” has no alt text'),
    );
  });
});
