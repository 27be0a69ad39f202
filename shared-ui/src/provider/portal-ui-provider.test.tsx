import { Button, useMantineTheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { PortalUiProvider } from './portal-ui-provider';

function Probe() {
  const theme = useMantineTheme();
  const { t } = useTranslation('common');
  return (
    <>
      <p>primary: {theme.colors[theme.primaryColor]?.[5]}</p>
      <Button>{t('cancel')}</Button>
    </>
  );
}

describe('PortalUiProvider', () => {
  it('provides the theme and a ready i18n instance without a separate init call', () => {
    render(
      <PortalUiProvider env="test">
        <Probe />
      </PortalUiProvider>,
    );
    expect(screen.getByText('primary: #3b82f6')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('applies branding colours from settings', () => {
    render(
      <PortalUiProvider env="test" branding={{ primaryColor: '#7c3aed' }}>
        <Probe />
      </PortalUiProvider>,
    );
    expect(screen.getByText('primary: #7c3aed')).toBeInTheDocument();
  });

  it('mounts the notifications container', async () => {
    render(
      <PortalUiProvider env="test">
        <p>page</p>
      </PortalUiProvider>,
    );
    act(() => {
      notifications.show({ message: 'Settings saved successfully!' });
    });
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
  });
});
