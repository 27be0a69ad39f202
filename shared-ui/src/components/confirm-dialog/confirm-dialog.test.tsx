import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { ConfirmDialog } from './confirm-dialog';

const logoutMessage =
  'Are you sure you want to log out? You will need to sign in again to access your account.';

function renderLogout(props: { loading?: boolean } = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const result = renderWithProviders(
    <ConfirmDialog
      opened
      title="Logout"
      message={logoutMessage}
      confirmLabel="Logout"
      cancelLabel="Cancel"
      onConfirm={onConfirm}
      onCancel={onCancel}
      danger
      {...props}
    />,
  );
  return { ...result, onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  it('is a dialog named by its title that shows the message', () => {
    renderLogout();
    const dialog = screen.getByRole('dialog', { name: 'Logout' });
    expect(dialog).toHaveTextContent(logoutMessage);
  });

  it('confirms only through the confirm button', async () => {
    const { user, onConfirm, onCancel } = renderLogout();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels with the Cancel button and with Escape', async () => {
    const { user, onCancel, onConfirm } = renderLogout();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('cannot be dismissed while the action runs', async () => {
    const { user, onCancel } = renderLogout({ loading: true });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('falls back to translated Confirm / Cancel labels', () => {
    renderWithProviders(
      <ConfirmDialog
        opened
        title="Eliminar"
        message="¿Seguro?"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
      { language: 'es' },
    );
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
  });

  it('renders nothing when closed', () => {
    renderWithProviders(
      <ConfirmDialog
        opened={false}
        title="Logout"
        message="x"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  describe('with an async action', () => {
    /** A delete confirmation as a screen holds it: open until the action succeeds. */
    function Deleting({ action }: { action: () => Promise<unknown> }) {
      const [opened, setOpened] = useState(true);
      return (
        <ConfirmDialog
          opened={opened}
          title="Delete Grammar review"
          message="Are you sure you want to delete this class?"
          confirmLabel="Delete"
          danger
          onConfirm={() => action().then(() => setOpened(false))}
          onCancel={() => setOpened(false)}
          failedTitle="The class was not deleted:"
          describeError={(error) => `Reason: ${(error as Error).message}`}
        />
      );
    }

    function deferred() {
      let resolve!: () => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<void>((yes, no) => {
        resolve = yes;
        reject = no;
      });
      return { promise, resolve, reject };
    }

    it('spins and cannot be dismissed while the action runs, and closes once it succeeds', async () => {
      const run = deferred();
      const action = vi.fn(() => run.promise);
      const { user } = renderWithProviders(<Deleting action={action} />);
      await user.click(screen.getByRole('button', { name: 'Delete' }));

      expect(action).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute(
        'data-loading',
        'true',
      );
      await user.keyboard('{Escape}');
      expect(screen.getByRole('dialog', { name: 'Delete Grammar review' })).toBeInTheDocument();

      run.resolve();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('stays open when the action fails, says why, and Confirm tries again', async () => {
      const first = deferred();
      const action = vi
        .fn<() => Promise<unknown>>()
        .mockReturnValueOnce(first.promise)
        .mockResolvedValueOnce(undefined);
      const { user } = renderWithProviders(<Deleting action={action} />);

      await user.click(screen.getByRole('button', { name: 'Delete' }));
      first.reject(new Error('not allowed'));

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('The class was not deleted: Reason: not allowed');
      const dialog = screen.getByRole('dialog', { name: 'Delete Grammar review' });
      expect(dialog).toContainElement(alert);
      // No longer busy: the person can cancel, or try again.
      expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Delete' })).not.toHaveAttribute('data-loading');

      await user.click(screen.getByRole('button', { name: 'Delete' }));
      expect(action).toHaveBeenCalledTimes(2);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('says "something went wrong" without describeError, and forgets a failure when opened again', async () => {
      const action = vi.fn(() => Promise.reject(new Error('raw provider text')));
      function Reopening() {
        const [opened, setOpened] = useState(true);
        return (
          <>
            <button type="button" onClick={() => setOpened(true)}>
              Open again
            </button>
            <ConfirmDialog
              opened={opened}
              title="Delete"
              message="Sure?"
              onConfirm={action}
              onCancel={() => setOpened(false)}
            />
          </>
        );
      }
      const { user } = renderWithProviders(<Reopening />);
      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Something went wrong. Please try again.');
      expect(alert).not.toHaveTextContent('raw provider text');

      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'Open again' }));
      expect(await screen.findByRole('dialog', { name: 'Delete' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });
});
