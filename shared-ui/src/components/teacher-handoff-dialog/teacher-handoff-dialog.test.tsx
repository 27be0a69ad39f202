import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import {
  TeacherHandoffDialog,
  type HandoffDialogRead,
  type TeacherHandoffDialogProps,
} from './teacher-handoff-dialog';

function read<T>(overrides: Partial<HandoffDialogRead<T>> = {}): HandoffDialogRead<T> {
  return {
    data: undefined,
    loading: false,
    error: null,
    retry: vi.fn(),
    retrying: false,
    ...overrides,
  };
}

function Dialog(props: Partial<TeacherHandoffDialogProps>) {
  return (
    <TeacherHandoffDialog
      name="Ana Gil"
      title="Delete Ana Gil?"
      message="This cannot be undone."
      confirmLabel="Delete"
      confirmColor="red"
      failedTitle="Not deleted:"
      choices={['reassign', 'unassign']}
      courses={read({ data: 2 })}
      targets={read({ data: [{ value: 't-2', label: 'Daniel Ortega' }] })}
      validate={() => ({})}
      onConfirm={vi.fn(async () => undefined)}
      describeError={() => 'You are not allowed to do this.'}
      onClose={vi.fn()}
      {...props}
    />
  );
}

describe('TeacherHandoffDialog', () => {
  it('holds the answer while the courses are being read', () => {
    renderWithProviders(<Dialog courses={read({ loading: true })} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete Ana Gil?' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Reading their courses…');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  it('says when the courses could not be read, and Try again reads them', async () => {
    const retry = vi.fn();
    const { user } = renderWithProviders(
      <Dialog courses={read({ error: new Error('boom'), retry })} />,
      { language: 'es' },
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete Ana Gil?' });
    expect(dialog).toHaveTextContent('No se pudieron leer sus cursos:');
    expect(dialog).not.toHaveTextContent('boom');
    await user.click(within(dialog).getByRole('button', { name: 'Intentar de nuevo' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  it('sends the choice; a refusal stays in the dialog with the reason', async () => {
    const onConfirm = vi.fn().mockRejectedValueOnce(new Error('42501'));
    const { user } = renderWithProviders(<Dialog onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete Ana Gil?' });
    await user.click(
      within(dialog).getByRole('radio', {
        name: 'Leave them without a teacher: they show “Unknown” as their teacher',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledWith({ handoff: 'unassign', reassignTo: null });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Not deleted: You are not allowed to do this.',
    );
  });
});
