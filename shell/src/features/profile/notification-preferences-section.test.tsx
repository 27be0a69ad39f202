import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  NOTIFICATION_KINDS,
  notificationsService,
  ok,
  type NotificationPreference,
} from '@portal/shared-data';
import { createQueryClient } from '@portal/shared-data/queries';
import { renderShell, student } from '../../test-support/render-shell';
import { NotificationPreferencesSection } from './notification-preferences-section';

afterEach(() => vi.restoreAllMocks());

const PREFERENCES: NotificationPreference[] = [
  { kind: 'submission_graded', inApp: true, byEmail: true, isDefault: true },
  { kind: 'material_added', inApp: true, byEmail: false, isDefault: true },
  { kind: 'class_moved', inApp: false, byEmail: true, isDefault: false },
  // A kind a newer database knows: left out.
  { kind: 'gossip', inApp: true, byEmail: true, isDefault: true },
];

function renderSection(language: 'en' | 'es' = 'en') {
  return renderShell(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <NotificationPreferencesSection />
    </QueryClientProvider>,
    { user: student(), language },
  );
}

describe('NotificationPreferencesSection', () => {
  it('shows each kind with its two channels, named for screen readers', async () => {
    vi.spyOn(notificationsService, 'preferences').mockResolvedValue(ok(PREFERENCES));
    renderSection();
    expect(
      await screen.findByRole('checkbox', { name: 'By email: Grades and feedback on my work' }),
    ).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'By email: New materials in my courses' }),
    ).not.toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'In the app: Classes moved or changed' }),
    ).not.toBeChecked();
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });

  it('saves a change at once, keeping the other channel as it was', async () => {
    vi.spyOn(notificationsService, 'preferences').mockResolvedValue(ok(PREFERENCES));
    const save = vi
      .spyOn(notificationsService, 'savePreference')
      .mockResolvedValue(
        ok({ kind: 'material_added', inApp: true, byEmail: true, isDefault: false }),
      );
    const { user } = renderSection();
    await user.click(
      await screen.findByRole('checkbox', { name: 'By email: New materials in my courses' }),
    );
    expect(save).toHaveBeenCalledWith('student-1', {
      kind: 'material_added',
      inApp: true,
      byEmail: true,
    });
  });

  it('does not let the last channel go (the database keeps at least one)', async () => {
    vi.spyOn(notificationsService, 'preferences').mockResolvedValue(ok(PREFERENCES));
    renderSection();
    expect(
      await screen.findByRole('checkbox', { name: 'By email: Classes moved or changed' }),
    ).toBeDisabled();
    expect(
      screen.getByRole('checkbox', { name: 'In the app: New materials in my courses' }),
    ).toBeDisabled();
    expect(
      screen.getByRole('checkbox', { name: 'In the app: Grades and feedback on my work' }),
    ).toBeEnabled();
  });

  it('says when a choice could not be saved, in its own words', async () => {
    vi.spyOn(notificationsService, 'preferences').mockResolvedValue(ok(PREFERENCES));
    vi.spyOn(notificationsService, 'savePreference').mockResolvedValue(
      fail('QUERY_ERROR', 'permission denied for table'),
    );
    const { user } = renderSection();
    await user.click(
      await screen.findByRole('checkbox', { name: 'In the app: Classes moved or changed' }),
    );
    expect(
      await screen.findByText('Your choice could not be saved. Try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/permission denied/)).toBeNull();
  });

  it('says when the preferences could not be loaded, in Spanish too', async () => {
    vi.spyOn(notificationsService, 'preferences').mockResolvedValue(fail('QUERY_ERROR', 'boom'));
    renderSection('es');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'No se han podido cargar tus preferencias de notificaciones.',
      ),
    );
  });
});

describe('NotificationPreferencesSection per role (issue 30)', () => {
  const ALL: NotificationPreference[] = NOTIFICATION_KINDS.map((kind) => ({
    kind,
    inApp: true,
    byEmail: true,
    isDefault: true,
  }));

  function renderFor(role: 'student' | 'teacher' | 'admin', language: 'en' | 'es' = 'en') {
    return renderShell(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <NotificationPreferencesSection />
      </QueryClientProvider>,
      { user: student({ id: `${role}-1`, role }), language },
    );
  }

  it('shows a student every kind', async () => {
    vi.spyOn(notificationsService, 'preferences').mockResolvedValue(ok(ALL));
    renderFor('student');
    await screen.findByRole('checkbox', { name: /^In the app: New messages/ });
    // The header row and one row per kind.
    expect(screen.getAllByRole('row')).toHaveLength(NOTIFICATION_KINDS.length + 1);
  });

  it.each(['teacher', 'admin'] as const)(
    'shows a %s only the kinds that reach them (messages), in English and Spanish',
    async (role) => {
      vi.spyOn(notificationsService, 'preferences').mockResolvedValue(ok(ALL));
      const { unmount } = renderFor(role);
      expect(
        await screen.findByRole('checkbox', { name: /^By email: New messages/ }),
      ).toBeInTheDocument();
      expect(screen.getAllByRole('row')).toHaveLength(2);
      expect(
        screen.queryByRole('checkbox', { name: 'By email: Grades and feedback on my work' }),
      ).toBeNull();
      unmount();
      renderFor(role, 'es');
      expect(await screen.findAllByRole('checkbox', { name: /Mensajes nuevos/ })).toHaveLength(2);
      expect(screen.getAllByRole('row')).toHaveLength(2);
    },
  );

  it('gives each checkbox a name and a target of at least 24 × 24 px (WCAG 2.5.8)', async () => {
    vi.spyOn(notificationsService, 'preferences').mockResolvedValue(ok(PREFERENCES));
    renderFor('student');
    const box = await screen.findByRole('checkbox', {
      name: 'In the app: Grades and feedback on my work',
    });
    // The whole cell is the checkbox's label, so a tap anywhere in it toggles the choice.
    const label = box.closest('label');
    expect(label).not.toBeNull();
    // Mantine's md checkbox is 24 px (the default sm is 20 px).
    expect(box.closest('[style*="--checkbox-size"]')?.getAttribute('style')).toContain(
      'checkbox-size-md',
    );
  });
});
