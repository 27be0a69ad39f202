import { screen } from '@testing-library/react';
import { renderWithProviders } from '@portal/shared-ui/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteLoad } from './remote-registry';
import { RemotePage } from './remote-page';

const loadRemotePage = vi.hoisted(() =>
  vi.fn<(remote: string, module: string, fresh?: boolean) => Promise<RemoteLoad>>(),
);
vi.mock('./remote-registry', () => ({ loadRemotePage }));

const down: RemoteLoad = { status: 'unavailable', reason: 'Failed to get manifest. #RUNTIME-003' };
const page = (text: string): RemoteLoad => ({ status: 'loaded', Page: () => <p>{text}</p> });

beforeEach(() => loadRemotePage.mockReset());

describe('RemotePage', () => {
  it('shows the unavailable panel, then the page once Retry loads it afresh', async () => {
    loadRemotePage.mockResolvedValueOnce(down).mockResolvedValueOnce(page('Teacher dashboard'));
    const { user } = renderWithProviders(<RemotePage remote="teacher" module="./Dashboard" />);

    expect(
      await screen.findByRole('heading', { name: 'This section is unavailable' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Technical details').closest('details')).not.toHaveAttribute('open');
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Teacher dashboard')).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'This section is unavailable' }),
    ).not.toBeInTheDocument();
    expect(loadRemotePage.mock.calls).toEqual([
      ['teacher', './Dashboard', false],
      ['teacher', './Dashboard', true],
    ]);
  });

  it('keeps the panel with a busy Retry while the retry is under way', async () => {
    let finish: (load: RemoteLoad) => void = () => {};
    loadRemotePage
      .mockResolvedValueOnce(down)
      .mockReturnValueOnce(new Promise<RemoteLoad>((resolve) => (finish = resolve)));
    const { user } = renderWithProviders(<RemotePage remote="admin" module="./Dashboard" />);

    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeDisabled();

    finish(down);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it('shows the panel when a loaded page crashes, and Retry mounts it again', async () => {
    let crash = true;
    const Flaky = () => {
      if (crash) throw new Error('Cannot read properties of undefined');
      return <p>Recovered</p>;
    };
    loadRemotePage.mockResolvedValue({ status: 'loaded', Page: Flaky });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderWithProviders(<RemotePage remote="student" module="./Catalog" />);

    expect(
      await screen.findByRole('heading', { name: 'This section is unavailable' }),
    ).toBeInTheDocument();
    crash = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Recovered')).toBeInTheDocument();
    vi.mocked(console.error).mockRestore();
  });

  it("renders the route loader's page at once, without loading it again", () => {
    renderWithProviders(
      <RemotePage remote="student" module="./Dashboard" preloaded={page('Student dashboard')} />,
    );
    expect(screen.getByText('Student dashboard')).toBeInTheDocument();
    expect(loadRemotePage).not.toHaveBeenCalled();
  });

  it("shows the route loader's unavailable remote at once, and Retry loads it afresh", async () => {
    loadRemotePage.mockResolvedValueOnce(page('Teacher dashboard'));
    const { user } = renderWithProviders(
      <RemotePage remote="teacher" module="./Dashboard" preloaded={down} />,
    );
    expect(
      screen.getByRole('heading', { name: 'This section is unavailable' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Teacher dashboard')).toBeInTheDocument();
    expect(loadRemotePage.mock.calls).toEqual([['teacher', './Dashboard', true]]);
  });
});
