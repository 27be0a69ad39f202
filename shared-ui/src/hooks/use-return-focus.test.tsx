import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { useReturnFocus } from './use-return-focus';

/** A dialog that takes the focus on open, as Mantine's do. */
function Dialog({ onClose }: { onClose: () => void }) {
  useReturnFocus();
  return (
    <div role="dialog" aria-label="Form">
      <button type="button" autoFocus onClick={onClose}>
        Done
      </button>
    </div>
  );
}

function Page({ next }: { next?: boolean }) {
  const [open, setOpen] = useState<'first' | 'second' | null>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen('first')}>
        Open
      </button>
      {open === 'first' ? <Dialog onClose={() => setOpen(next ? 'second' : null)} /> : null}
      {open === 'second' ? <Dialog onClose={() => setOpen(null)} /> : null}
    </>
  );
}

describe('useReturnFocus', () => {
  it('gives the focus back to the opener when a dialog mounted only while open goes away', async () => {
    const { user } = renderWithProviders(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus());
  });

  it('leaves the focus alone when the next dialog has taken it', async () => {
    const { user } = renderWithProviders(<Page next />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const second = screen.getByRole('button', { name: 'Done' });
    await waitFor(() => expect(second).toHaveFocus());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(second).toHaveFocus();
  });
});
