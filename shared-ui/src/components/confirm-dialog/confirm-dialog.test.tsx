import { screen } from '@testing-library/react';
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
});
