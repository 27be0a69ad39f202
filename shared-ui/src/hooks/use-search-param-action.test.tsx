import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { useSearchParamAction } from './use-search-param-action';

function Page({ action }: { action: (value: string) => void }) {
  useSearchParamAction('new', action);
  const location = useLocation();
  return <p>at {location.pathname + location.search}</p>;
}

function renderAt(entry: string, action: (value: string) => void) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/classes" element={<Page action={action} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('useSearchParamAction', () => {
  it('runs the action once with the value and removes only that parameter', async () => {
    const action = vi.fn();
    const { rerender } = renderAt('/classes?new=1&course=c1', action);
    expect(await screen.findByText('at /classes?course=c1')).toBeInTheDocument();
    expect(action).toHaveBeenCalledTimes(1);
    expect(action).toHaveBeenCalledWith('1');
    rerender(
      <MemoryRouter initialEntries={['/classes?course=c1']}>
        <Routes>
          <Route path="/classes" element={<Page action={action} />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('does nothing without the parameter', () => {
    const action = vi.fn();
    renderAt('/classes', action);
    expect(screen.getByText('at /classes')).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });
});
