import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { RoleBadge, isUserRole } from './role-badge';

describe('RoleBadge', () => {
  it.each([
    ['student', 'Student'],
    ['teacher', 'Teacher'],
    ['admin', 'Admin'],
  ] as const)('labels %s as %s', (role, label) => {
    renderWithProviders(<RoleBadge role={role} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it.each([
    ['student', 'Estudiante'],
    ['teacher', 'Docente'],
    ['admin', 'Admin'],
  ] as const)('names %s in Spanish without a gendered form (%s)', (role, label) => {
    renderWithProviders(<RoleBadge role={role} />, { language: 'es' });
    expect(screen.getByText(label)).toBeInTheDocument();
  });

  it('shows an unexpected role as stored rather than guessing', () => {
    renderWithProviders(<RoleBadge role="guest" />);
    expect(screen.getByText('guest')).toBeInTheDocument();
    expect(isUserRole('guest')).toBe(false);
  });
});
