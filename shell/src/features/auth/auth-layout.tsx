import type { ReactNode } from 'react';
import { Box, Center, Grid, Paper } from '@mantine/core';
import { LanguageSwitcher } from '@portal/shared-ui';
import { MarketingPanel } from './marketing-panel';
import { useHydrated } from './static-sign-in';

/** The marketing panel beside a form card, used by /auth and /reset-password. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Grid gap={0} mih="100vh">
      {/* On a phone the form comes first; the marketing panel follows it. */}
      <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 2, md: 1 }}>
        <MarketingPanel />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 1, md: 2 }}>
        <Center mih={{ md: '100vh' }} p="md" py="xl">
          <Box w="100%" maw={440}>
            <Box mb="md" style={{ display: 'flex', justifyContent: 'flex-end' }}>
              <LanguageSwitch />
            </Box>
            <Paper withBorder shadow="md" radius="md" p={{ base: 'md', sm: 'xl' }}>
              {children}
            </Paper>
          </Box>
        </Center>
      </Grid.Col>
    </Grid>
  );
}

/**
 * On the built sign-in page the switch waits for the app: before it runs, a switch would change
 * nothing but the radio. (Its own component: only it renders again once the app has hydrated.)
 */
function LanguageSwitch() {
  const hydrated = useHydrated();
  return <LanguageSwitcher disabled={!hydrated} />;
}
