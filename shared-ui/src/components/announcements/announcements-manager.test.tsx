import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Language } from '../../i18n';
import { renderWithProviders } from '../../test-utils';
import type { AnnouncementView } from './announcement-list';
import { AnnouncementsManager, type AnnouncementsManagerProps } from './announcements-manager';

// The staff's section, at its unit boundary: the list, the writes and the validator come in as props
// (the apps pass what shared-data's useCourseAnnouncementsDrawer returns, validateAnnouncementForm
// included; the kit imports no shared-data, so the test's validator says only what these tests need: a title and a message).

function announcement(overrides: Partial<AnnouncementView> = {}): AnnouncementView {
  return {
    id: 'a-1',
    title: 'Exam on Friday',
    body: 'Bring a **pencil**.',
    pinned: false,
    emailed: false,
    createdAt: '2025-03-10T09:00:00Z',
    updatedAt: '2025-03-10T09:00:00Z',
    courseTitle: null,
    ...overrides,
  };
}

const validate = (values: { title: string; body: string }) => ({
  title: values.title.trim() ? undefined : 'announcementTitleRequired',
  body: values.body.trim() ? undefined : 'announcementBodyRequired',
});

function renderManager(props: Partial<AnnouncementsManagerProps> = {}, language: Language = 'en') {
  const all: AnnouncementsManagerProps = {
    items: [
      announcement({ id: 'pinned', title: 'Read me first', pinned: true, emailed: true }),
      announcement(),
    ],
    loading: false,
    loadError: null,
    onRetry: vi.fn(),
    save: vi.fn(async () => undefined),
    remove: vi.fn(async () => undefined),
    setPinned: vi.fn(async () => undefined),
    describeError: () =>
      language === 'es' ? 'No tienes permiso.' : 'You are not allowed to do this.',
    validate,
    limits: { title: 200, body: 10_000 },
    ...props,
  };
  return { ...renderWithProviders(<AnnouncementsManager {...all} />, { language }), props: all };
}

describe('AnnouncementsManager', () => {
  it('lists the announcements in the order given, pinned and emailed ones marked', () => {
    renderManager();
    const items = screen.getAllByRole('article');
    expect(items.map((item) => within(item).getAllByRole('heading')[0]?.textContent)).toEqual([
      'Read me first',
      'Exam on Friday',
    ]);
    expect(within(items[0] as HTMLElement).getByText('Pinned')).toBeInTheDocument();
    expect(
      within(items[0] as HTMLElement).getByText('Emailed to the students'),
    ).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).queryByText('Pinned')).not.toBeInTheDocument();
  });

  it('shows loading, empty (with Post) and error states', async () => {
    const loading = renderManager({ items: undefined, loading: true });
    expect(screen.getByRole('status')).toBeInTheDocument();
    loading.unmount();
    const empty = renderManager({ items: [] });
    expect(
      screen.getByText('No announcements yet. Post one to tell the course’s students.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post announcement' })).toBeInTheDocument();
    empty.unmount();
    const onRetry = vi.fn();
    const { user } = renderManager({
      items: undefined,
      loadError: 'The server could not be reached.',
      onRetry,
    });
    expect(screen.getByText('The announcements could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('posts after the validator: empty fields are refused before anything is sent', async () => {
    const { user, props } = renderManager();
    await user.click(screen.getByRole('button', { name: 'Post announcement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post announcement' });
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Write the message')).toBeInTheDocument();
    expect(props.save).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Field trip');
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Meet at **9**');
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Email it to the course’s active students' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Post announcement' })).not.toBeInTheDocument(),
    );
    expect(props.save).toHaveBeenCalledWith(
      { title: 'Field trip', body: 'Meet at **9**', pinned: false, emailStudents: true },
      null,
    );
  });

  it('keeps what was typed when the server refuses, and says why', async () => {
    const save = vi.fn(async () => Promise.reject(new Error('refused')));
    const { user } = renderManager({ save });
    await user.click(screen.getByRole('button', { name: 'Post announcement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post announcement' });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Kept');
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Still here');
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await within(dialog).findByText('You are not allowed to do this.')).toBeInTheDocument();
    expect(within(dialog).getByText('The announcement was not saved:')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveValue('Kept');
    expect(within(dialog).getByRole('textbox', { name: /Message/ })).toHaveValue('Still here');
  });

  it('asks before discarding what was typed', async () => {
    const { user } = renderManager();
    await user.click(screen.getByRole('button', { name: 'Post announcement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post announcement' });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Half');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: /discard/i })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Post announcement' })).toBeInTheDocument();
  });

  it('edits an announcement (no mail choice when editing), pins it and deletes it after confirming', async () => {
    const { user, props } = renderManager();
    const exam = screen.getAllByRole('article')[1] as HTMLElement;
    await user.click(within(exam).getByRole('button', { name: 'Actions for “Exam on Friday”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit announcement' });
    expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveValue('Exam on Friday');
    expect(within(dialog).queryByRole('checkbox', { name: /Email it/ })).not.toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: /Title/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Exam moved');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(props.save).toHaveBeenCalledTimes(1));
    expect(props.save).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Exam moved', body: 'Bring a **pencil**.' }),
      expect.objectContaining({ id: 'a-1' }),
    );

    await user.click(within(exam).getByRole('button', { name: 'Actions for “Exam on Friday”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pin to the top' }));
    expect(props.setPinned).toHaveBeenCalledWith(expect.objectContaining({ id: 'a-1' }), true);

    await user.click(within(exam).getByRole('button', { name: 'Actions for “Exam on Friday”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this announcement?' });
    expect(props.remove).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(props.remove).toHaveBeenCalledWith(expect.objectContaining({ id: 'a-1' })),
    );
  });

  it('speaks Spanish', async () => {
    const { user } = renderManager({}, 'es');
    expect(screen.getByText('Fijado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publicar anuncio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publicar anuncio' });
    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }));
    expect(within(dialog).getByText('Título requerido')).toBeInTheDocument();
    expect(within(dialog).getByText('Escribe el mensaje')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('checkbox', {
        name: 'Enviarlo por correo a los estudiantes activos del curso',
      }),
    ).toBeInTheDocument();
  });

  it.each([
    ['en', 'Post announcement', 'Up to 10,000 characters.'],
    ['es', 'Publicar anuncio', 'Hasta 10.000 caracteres.'],
  ] as const)(
    'writes the message limit in the screen’s language (%s, issue 30)',
    async (language, post, hint) => {
      const { user } = renderManager({}, language);
      await user.click(screen.getByRole('button', { name: post }));
      const dialog = await screen.findByRole('dialog', { name: post });
      expect(within(dialog).getByText(new RegExp(hint.replace('.', '\\.')))).toBeInTheDocument();
    },
  );
});
