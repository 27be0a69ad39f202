import { Button, TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { FormModal, type FormModalProps } from './form-modal';

function Dialog(props: Partial<FormModalProps>) {
  return (
    <FormModal
      title="Schedule Class"
      onClose={vi.fn()}
      actions={<Button type="submit">Save</Button>}
      {...props}
    >
      <TextInput data-autofocus label="Title" />
      <TextInput label="Description" />
    </FormModal>
  );
}

describe('FormModal', () => {
  it('is a dialog named by its title that opens on its first field', async () => {
    renderWithProviders(<Dialog />);
    const dialog = screen.getByRole('dialog', { name: 'Schedule Class' });
    expect(dialog).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus());
  });

  it('closes with Escape and its ×, which keeps its name', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(<Dialog onClose={onClose} />);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('cannot be closed while busy: no Escape, the × disabled', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(<Dialog onClose={onClose} busy />);
    await user.keyboard('{Escape}');
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close).toBeDisabled();
    await user.click(close);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('submits its form, and shows why a save failed between the fields and the buttons', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { user } = renderWithProviders(
      <Dialog
        onSubmit={onSubmit}
        failure={{
          title: 'The class was not saved:',
          reason: 'You are not allowed to do this.',
          notice: 'Nothing you entered was lost; you can try again.',
        }}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'The class was not saved: You are not allowed to do this.Nothing you entered was lost; you can try again.',
    );
    const description = screen.getByRole('textbox', { name: 'Description' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(
      description.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(alert.compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('ends with Cancel and the submit button, both held while busy', async () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { user, rerender } = renderWithProviders(
      <Dialog
        onClose={onClose}
        onSubmit={onSubmit}
        actions={undefined}
        submitLabel="Schedule Class"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Schedule Class' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);

    rerender(<Dialog onClose={onClose} onSubmit={onSubmit} busy submitLabel="Schedule Class" />);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Schedule Class' })).toHaveAttribute(
      'data-loading',
      'true',
    );
    rerender(
      <Dialog onClose={onClose} onSubmit={onSubmit} submitLabel="Schedule Class" submitDisabled />,
    );
    expect(screen.getByRole('button', { name: 'Schedule Class' })).toBeDisabled();
  });

  it('takes the whole screen on a phone', () => {
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(max-width: 35.99em)',
          media: query,
          onchange: null,
          addListener: vi.fn(),
          removeListener: vi.fn(),
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
          dispatchEvent: vi.fn(),
        }) as MediaQueryList,
    );
    try {
      renderWithProviders(<Dialog />);
      expect(document.querySelector('.mantine-Modal-root')).toHaveAttribute(
        'data-full-screen',
        'true',
      );
    } finally {
      matchMedia.mockRestore();
    }
  });

  it('mounted only while open, gives the focus back to what opened it when it goes', async () => {
    function Screen() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Schedule</Button>
          {open ? <Dialog onClose={() => setOpen(false)} /> : null}
        </>
      );
    }
    const { user } = renderWithProviders(<Screen />);
    const opener = screen.getByRole('button', { name: 'Schedule' });
    await user.click(opener);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
