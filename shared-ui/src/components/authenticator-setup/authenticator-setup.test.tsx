import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { AuthenticatorSetup } from './authenticator-setup';

describe('AuthenticatorSetup', () => {
  it('shows the QR code with its alt text, the instructions and the key to type in', () => {
    renderWithProviders(
      <AuthenticatorSetup
        qrCode="data:image/svg+xml;utf-8,<svg></svg>"
        secret="JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
        labels={{
          scan: 'Scan this code',
          qrAlt: 'QR code for the app',
          manual: 'Or type this key',
        }}
      />,
    );
    expect(screen.getByRole('img', { name: 'QR code for the app' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;utf-8,<svg></svg>',
    );
    expect(screen.getByText('Scan this code')).toBeVisible();
    expect(screen.getByText('Or type this key')).toBeVisible();
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent(
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    );
  });
});
