import { Suspense, lazy, useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  AppShell,
  Button,
  Container,
  Group,
  NavLink,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, NavLink as RouterNavLink, Route, Routes } from 'react-router-dom';
import type { StandaloneSession } from '@portal/shared-data';
import { FullPageLoader } from '../components/full-page-loader/full-page-loader';
import { LanguageSwitcher } from '../components/language-switcher/language-switcher';
import type { StandalonePage } from './exposed-page';

export interface StandaloneHarnessProps {
  appName: string;
  session: StandaloneSession;
  pages: readonly StandalonePage[];
}

function StandaloneSignIn({ appName, session }: { appName: string; session: StandaloneSession }) {
  const { t } = useTranslation('common');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void session.signIn(email, password);
  };
  return (
    <Container size={420} py="xl">
      <Paper withBorder p="lg" component="form" onSubmit={submit}>
        <Stack>
          <Title order={2}>{t('standalone.signInTitle', { app: appName })}</Title>
          {session.error ? (
            <Alert color="red" role="alert">
              {session.error}
            </Alert>
          ) : null}
          <TextInput
            label={t('standalone.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('standalone.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={session.busy}>
            {t('standalone.signIn')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

/**
 * Development-only frame for a remote running on its own dev server: a session, a router and
 * links to the remote's pages. In the portal the shell provides all of this instead.
 */
export function StandaloneHarness({ appName, session, pages }: StandaloneHarnessProps) {
  const { t } = useTranslation('common');
  const screens = useMemo(
    () => pages.map((page) => ({ ...page, Screen: lazy(page.load) })),
    [pages],
  );
  if (session.status === 'loading') return <FullPageLoader />;
  return (
    <BrowserRouter>
      <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm' }} padding="md">
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between">
            <Text fw={700}>{t('standalone.notice', { app: appName })}</Text>
            <Group>
              <LanguageSwitcher size="xs" />
              {session.status === 'signed-in' ? (
                <>
                  <Text size="sm">
                    {t('standalone.signedInAs', { user: session.userLabel ?? '' })}
                  </Text>
                  <Button size="xs" variant="light" onClick={() => void session.signOut()}>
                    {t('standalone.signOut')}
                  </Button>
                </>
              ) : null}
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs">
          {pages.map((page) => (
            <NavLink
              key={page.path}
              component={RouterNavLink}
              to={page.path}
              label={page.label}
              end
            />
          ))}
        </AppShell.Navbar>
        <AppShell.Main>
          {session.status === 'signed-out' ? (
            <StandaloneSignIn appName={appName} session={session} />
          ) : (
            <Suspense fallback={<FullPageLoader />}>
              <Routes>
                {screens.map(({ path, Screen }) => (
                  <Route key={path} path={path} element={<Screen />} />
                ))}
              </Routes>
            </Suspense>
          )}
        </AppShell.Main>
      </AppShell>
    </BrowserRouter>
  );
}
