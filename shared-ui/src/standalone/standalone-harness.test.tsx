import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { StandaloneSession } from '@portal/shared-data';
import { renderWithProviders } from '../test-utils';
import { StandaloneHarness } from './standalone-harness';

const session = (overrides: Partial<StandaloneSession>): StandaloneSession => ({
  status: 'signed-in',
  userLabel: 'Ana Díaz',
  error: null,
  busy: false,
  signIn: vi.fn(),
  signOut: vi.fn(),
  ...overrides,
});

describe('StandaloneHarness', () => {
  it('asks for credentials when signed out and passes them on', async () => {
    const signIn = vi.fn();
    const { user } = renderWithProviders(
      <StandaloneHarness
        appName="Student app"
        session={session({ status: 'signed-out', signIn })}
        pages={[]}
      />,
    );
    await user.type(screen.getByLabelText('Email'), 'student@school.test');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(signIn).toHaveBeenCalledWith('student@school.test', 'password123');
  });

  it('renders the page for the current path when signed in', async () => {
    renderWithProviders(
      <StandaloneHarness
        appName="Student app"
        session={session({})}
        pages={[
          {
            path: '/',
            label: 'Dashboard',
            load: async () => ({ default: () => <p>dashboard body</p> }),
          },
        ]}
      />,
    );
    expect(await screen.findByText('dashboard body')).toBeInTheDocument();
    expect(screen.getByText('Signed in as Ana Díaz')).toBeInTheDocument();
  });

  it('shows the sign-in error', () => {
    renderWithProviders(
      <StandaloneHarness
        appName="Admin app"
        session={session({ status: 'signed-out', error: 'Invalid login credentials' })}
        pages={[]}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid login credentials');
  });
});
