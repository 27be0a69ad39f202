import { Button, MantineProvider, useMantineColorScheme, useMantineTheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageTitle } from '../hooks/use-page-title';
import { PortalUiProvider, prepareBranding } from './portal-ui-provider';
import { useSiteName } from './site-name';

function Probe() {
  const theme = useMantineTheme();
  const { t } = useTranslation('common');
  return (
    <>
      <p>primary: {theme.colors[theme.primaryColor]?.join(' ')}</p>
      <Button>{t('cancel')}</Button>
    </>
  );
}

afterEach(() => localStorage.clear());

describe('PortalUiProvider', () => {
  it('provides the theme and a ready i18n instance without a separate init call', () => {
    render(
      <PortalUiProvider env="test">
        <Probe />
      </PortalUiProvider>,
    );
    expect(screen.getByText(/^primary: .*#3b82f6/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('applies branding colours from settings, loading the colour generator for them', async () => {
    render(
      <PortalUiProvider env="test" branding={{ primaryColor: '#7c3aed' }}>
        <Probe />
      </PortalUiProvider>,
    );
    expect(await screen.findByText(/^primary: .*#7c3aed/)).toBeInTheDocument();
    expect(screen.queryByText(/#3b82f6/)).not.toBeInTheDocument();
  });

  it('shows colours prepared before the first render at once', async () => {
    await prepareBranding({ accentColor: '#e11d48' });
    render(
      <PortalUiProvider env="test" branding={{ primaryColor: '#e11d48' }}>
        <Probe />
      </PortalUiProvider>,
    );
    // Synchronously: no first paint in the default blue.
    expect(screen.getByText(/^primary: .*#e11d48/)).toBeInTheDocument();
  });

  it('names the school as its settings say: brand and tab title', () => {
    function Brand() {
      usePageTitle('Dashboard');
      return <p>brand: {useSiteName()}</p>;
    }
    const { rerender } = render(
      <PortalUiProvider env="test">
        <Brand />
      </PortalUiProvider>,
    );
    expect(screen.getByText('brand: Lingua Academy')).toBeInTheDocument();
    expect(document.title).toBe('Dashboard · Lingua Academy');

    rerender(
      <PortalUiProvider env="test" branding={{ siteName: 'Escuela Sol' }}>
        <Brand />
      </PortalUiProvider>,
    );
    expect(screen.getByText('brand: Escuela Sol')).toBeInTheDocument();
    expect(document.title).toBe('Dashboard · Escuela Sol');
  });

  it('hands the name to any copy of shared-ui through the Mantine theme, the one shared context', () => {
    // A remote bundles its own shared-ui: its useSiteName() sees only what @mantine/core carries.
    function Brand() {
      return <p>brand: {useSiteName()}</p>;
    }
    render(
      <MantineProvider theme={{ other: { siteName: 'Escuela Luna' } }}>
        <Brand />
      </MantineProvider>,
    );
    expect(screen.getByText('brand: Escuela Luna')).toBeInTheDocument();
  });

  it('follows the theme setting live: light, dark, auto', () => {
    function Scheme() {
      return <p>scheme: {useMantineColorScheme().colorScheme}</p>;
    }
    const { rerender } = render(
      <PortalUiProvider env="test" colorScheme="dark">
        <Scheme />
      </PortalUiProvider>,
    );
    expect(screen.getByText('scheme: dark')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');

    for (const scheme of ['light', 'auto'] as const) {
      rerender(
        <PortalUiProvider env="test" colorScheme={scheme}>
          <Scheme />
        </PortalUiProvider>,
      );
      expect(screen.getByText(`scheme: ${scheme}`)).toBeInTheDocument();
    }
    // Remembered for the next load, before the settings are read again.
    expect(localStorage.getItem('mantine-color-scheme-value')).toBe('auto');
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

  it('closes the toasts on show with Escape, so none stays over the focused element', async () => {
    render(
      <PortalUiProvider env="test">
        <button type="button">focused</button>
      </PortalUiProvider>,
    );
    act(() => {
      notifications.show({ message: 'Class moved', autoClose: false });
    });
    expect(await screen.findByText('Class moved')).toBeInTheDocument();
    screen.getByRole('button', { name: 'focused' }).focus();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByText('Class moved')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'focused' })).toHaveFocus();
  });
});
