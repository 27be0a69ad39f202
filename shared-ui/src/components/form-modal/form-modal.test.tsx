import { Button, Select, TextInput } from '@mantine/core';
import { DateInput, DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { useDateInputProps } from '../date-input/use-date-input-props';
import { FormModal, type FormModalProps } from './form-modal';
import { FormModalCloseButton } from './form-modal-close-button';

function Dialog(props: Partial<FormModalProps>) {
  return (
    <FormModal
      title="Schedule Class"
      onClose={vi.fn()}
      dirty={false}
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

/** A form dialog as the apps build one: @mantine/form's values, its isDirty(), pickers inside. */
function ScheduleDialog({ onClose }: { onClose: () => void }) {
  const dateInput = useDateInputProps();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      title: '',
      date: '',
      day: null as string | null,
      course: null as string | null,
    },
  });
  return (
    <FormModal
      title="Schedule Class"
      onClose={onClose}
      dirty={form.isDirty()}
      onSubmit={form.onSubmit(() => undefined)}
      submitLabel="Schedule Class"
    >
      <TextInput data-autofocus label="Title" {...form.getInputProps('title')} />
      <Select
        label="Course"
        data={['Business English', 'Spanish A1']}
        {...form.getInputProps('course')}
      />
      <DateInput
        {...dateInput}
        label="Date"
        value={form.values.date || null}
        onChange={(value) => form.setFieldValue('date', value ?? '')}
      />
      <DatePickerInput label="New date" {...form.getInputProps('day')} />
    </FormModal>
  );
}

const discardQuestion = () => screen.queryByRole('dialog', { name: 'Discard changes?' });

describe('FormModal with changes (issue 29: Escape lost what was typed)', () => {
  it('Escape in an open date field closes its calendar only: the dialog and what was typed stay', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(<ScheduleDialog onClose={onClose} />);
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.type(title, 'Pitch');

    await user.click(screen.getByRole('textbox', { name: 'Date' }));
    expect(await screen.findByRole('button', { name: 'Next month' })).toBeVisible();
    await user.keyboard('{Escape}');

    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Next month' })).not.toBeInTheDocument(),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(discardQuestion()).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Schedule Class' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Pitch');
  });

  it('Escape in an open date picker or list closes that popover only', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(<ScheduleDialog onClose={onClose} />);
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Grammar');

    await user.click(screen.getByRole('button', { name: 'New date' }));
    expect(await screen.findByRole('table')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());

    await user.click(screen.getByRole('combobox', { name: 'Course' }));
    expect(await screen.findByRole('listbox')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());

    expect(onClose).not.toHaveBeenCalled();
    expect(discardQuestion()).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Grammar');
  });

  it('with changes, Escape, the ×, a click outside and Cancel each ask first; Keep editing keeps everything', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(<ScheduleDialog onClose={onClose} />);
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.type(title, 'Pitch');

    const ways: [string, () => Promise<void>][] = [
      ['Escape', () => user.keyboard('{Escape}')],
      ['the ×', () => user.click(screen.getByRole('button', { name: 'Close' }))],
      [
        'a click outside',
        () => user.click(document.querySelector<HTMLElement>('.mantine-Modal-overlay')!),
      ],
      [
        'Cancel',
        () =>
          user.click(
            within(screen.getByRole('dialog', { name: 'Schedule Class' })).getByRole('button', {
              name: 'Cancel',
            }),
          ),
      ],
    ];
    for (const [way, close] of ways) {
      await close();
      const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
      expect(question, way).toHaveTextContent(
        'What you entered has not been saved. If you close this window, it is lost.',
      );
      // Escape in the question answers the question, not the form behind it.
      await user.keyboard('{Escape}');
      await waitFor(() => expect(discardQuestion(), way).not.toBeInTheDocument());
      expect(onClose, way).not.toHaveBeenCalled();
      expect(screen.getByRole('textbox', { name: 'Title' }), way).toHaveValue('Pitch');
    }
    // Keep editing gave the focus back to where it was: last, the Cancel button.
    await waitFor(() =>
      expect(
        within(screen.getByRole('dialog', { name: 'Schedule Class' })).getByRole('button', {
          name: 'Cancel',
        }),
      ).toHaveFocus(),
    );

    await user.click(screen.getByRole('button', { name: 'Close' }));
    const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(discardQuestion()).not.toBeInTheDocument());
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('without changes (or once they are undone) it closes at once', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(<ScheduleDialog onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);

    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.type(title, 'x');
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(discardQuestion()).not.toBeInTheDocument();
  });

  it('asks in Spanish', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(<ScheduleDialog onClose={onClose} />, {
      language: 'es',
    });
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Gramática');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: '¿Descartar los cambios?' });
    expect(question).toHaveTextContent(
      'Lo que has escrito no se ha guardado. Si cierras esta ventana, se perderá.',
    );
    expect(within(question).getByRole('button', { name: 'Seguir editando' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Descartar cambios' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a dialog may ask its own question (what would be lost)', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <Dialog
        onClose={onClose}
        dirty
        discardPrompt={{
          title: 'Close without the report?',
          message: 'The temporary passwords are only in the report.',
          confirmLabel: 'Close without it',
        }}
        actions={<FormModalCloseButton>Done</FormModalCloseButton>}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const question = await screen.findByRole('dialog', { name: 'Close without the report?' });
    expect(question).toHaveTextContent('The temporary passwords are only in the report.');
    await user.click(within(question).getByRole('button', { name: 'Close without it' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
