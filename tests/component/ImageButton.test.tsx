// The editor's Image button (issue 18): a dialog asking for the picture (a file from the computer,
// issue 35, or an address) and alt text, with the messages tied to their fields, focus moving into it
// and back to the editor; and the save's refusal of a picture without alt text. jsdom draws no
// pictures, so the sizing down (picture-size.ts, canvas) is replaced: the rest is the real code.
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
import { MAX_PICTURE_BYTES } from '@/lib/site/picture-files';

const sizeDown = vi.hoisted(() =>
  vi.fn(
    async (_file: Blob, _type: string): Promise<Blob | undefined> =>
      new Blob([new Uint8Array([82, 73, 70, 70])], { type: 'image/webp' }),
  ),
);
vi.mock('@/islands/admin/picture-size', () => ({ sizeDown }));

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
    // The first field, the file button, has focus; the address is the other way to give a picture.
    expect(within(dialog()).getByLabelText(/^Picture from this computer/)).toHaveFocus();
    const address = within(dialog()).getByLabelText(/^Picture address/);
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
    expect(within(dialog()).getByLabelText(/^Picture from this computer/)).toHaveFocus();
    await userEvent.keyboard('{Tab}/_astro/line.webp{Tab}{Tab}{ }');
    expect(within(dialog()).getByLabelText('Decorative picture')).toBeChecked();
    expect(within(dialog()).getByLabelText(/^Alt text/)).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(editor.querySelector('img')).toHaveAttribute('alt', ''));
    await waitFor(() => expect(editor).toHaveFocus());

    act(() => image.focus());
    await userEvent.keyboard('{Enter}');
    expect(within(dialog()).getByLabelText(/^Picture from this computer/)).toHaveFocus();
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

  it('takes a picture file from the computer, asks for its alt text, and shows what the post keeps', async () => {
    const { image, editor } = await renderForm();
    await userEvent.click(image);
    const file = within(dialog()).getByLabelText(/^Picture from this computer/);
    await userEvent.upload(
      file,
      new File([new Uint8Array([255, 216, 255])], 'Visual Schedule.jpg', { type: 'image/jpeg' }),
    );
    await within(dialog()).findByText('Chosen: Visual Schedule.jpg');
    expect(sizeDown).toHaveBeenCalledWith(expect.any(File), 'image/jpeg');
    // No address is asked for once a file is chosen; alt text is, as for an address.
    expect(within(dialog()).getByLabelText(/^Or a picture address/)).not.toBeRequired();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Add picture' }));
    const alt = within(dialog()).getByLabelText(/^Alt text/);
    expect(alt).toHaveFocus();
    expect(alt).toHaveAccessibleDescription(expect.stringContaining(PICTURE_MESSAGES.altRequired));
    await userEvent.type(alt, 'A visual schedule');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Add picture' }));
    // Shown from what the post keeps; the text names it as a file beside the post.
    await waitFor(() =>
      expect(editor.querySelector('img')).toMatchObject({
        alt: 'A visual schedule',
        src: 'data:image/webp;base64,UklGRg==',
      }),
    );
    await waitFor(() => expect(editor).toHaveFocus());
  });

  it('refuses a file that cannot be used, saying why, and loses nothing', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { image, editor } = await renderForm();
    await user.click(image);
    const file = within(dialog()).getByLabelText(/^Picture from this computer/);
    await user.type(within(dialog()).getByLabelText(/^Alt text/), 'A chart');
    await user.type(within(dialog()).getByLabelText(/^Picture address/), 'https://example.org/a.png');

    await user.upload(file, new File(['%PDF-1.4'], 'minutes.pdf', { type: 'application/pdf' }));
    await waitFor(() =>
      expect(file).toHaveAccessibleDescription(
        expect.stringContaining(
          'The file “minutes.pdf” cannot be used: it is not a picture the site can show.',
        ),
      ),
    );
    expect(file).toHaveAttribute('aria-invalid', 'true');
    expect(file).toHaveFocus();

    const big = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: MAX_PICTURE_BYTES + 1 });
    await user.upload(file, big);
    await waitFor(() =>
      expect(file).toHaveAccessibleDescription(
        expect.stringContaining('“huge.png” is 10.0 MB, more than the 10 MB'),
      ),
    );

    await user.upload(
      file,
      new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'logo.svg', {
        type: 'image/svg+xml',
      }),
    );
    await waitFor(() =>
      expect(file).toHaveAccessibleDescription(
        expect.stringContaining('“logo.svg” cannot be used: it has a <script> element, which runs code'),
      ),
    );

    sizeDown.mockResolvedValueOnce(undefined);
    await user.upload(file, new File(['not a picture'], 'broken.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(file).toHaveAccessibleDescription(expect.stringContaining('“broken.png” could not be read')),
    );
    // What was typed stays, nothing was chosen, and the address still goes in.
    expect(within(dialog()).queryByText(/^Chosen:/)).toBeNull();
    expect(within(dialog()).getByLabelText(/^Alt text/)).toHaveValue('A chart');
    await user.click(within(dialog()).getByRole('button', { name: 'Add picture' }));
    await waitFor(() =>
      expect(editor.querySelector('img')).toMatchObject({ src: 'https://example.org/a.png' }),
    );
  });
});
