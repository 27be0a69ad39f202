import { Box, SimpleGrid, Stack, Text, ThemeIcon, Title, useMantineTheme } from '@mantine/core';
import { IconBriefcase, IconClock, IconLanguage, IconSparkles } from '@tabler/icons-react';
import { brandGradient, useSiteName } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';

const BLURBS = [
  { icon: IconLanguage, title: 'blurbs.languageTitle', text: 'blurbs.languageText' },
  { icon: IconBriefcase, title: 'blurbs.businessTitle', text: 'blurbs.businessText' },
  { icon: IconSparkles, title: 'blurbs.customTitle', text: 'blurbs.customText' },
  { icon: IconClock, title: 'blurbs.flexibleTitle', text: 'blurbs.flexibleText' },
] as const;

export function MarketingPanel() {
  const { t } = useTranslation(namespace);
  // The school's name from System Settings.
  const siteName = useSiteName();
  // The school's colours from System Settings, as the theme holds them.
  const theme = useMantineTheme();
  return (
    <Box
      component="section"
      aria-label={siteName}
      p={{ base: 'lg', md: 48 }}
      c="white"
      // White text on both ends stays above 4.5:1 whatever the colours (brandGradient); axe cannot
      // measure contrast on a gradient (docs/accessibility.md).
      style={{ background: brandGradient(theme) }}
      h="100%"
    >
      <Stack gap="xl" maw={560} mx="auto" justify="center" h="100%">
        <div>
          <Title order={1} c="white">
            {siteName}
          </Title>
          <Text size="lg" mt="sm" opacity={0.9}>
            {t('tagline')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {BLURBS.map(({ icon: Icon, title, text }) => (
            <Stack key={title} gap={6}>
              <ThemeIcon variant="white" color="brand" size="lg" radius="md">
                <Icon size={20} aria-hidden />
              </ThemeIcon>
              <Text fw={700}>{t(title)}</Text>
              <Text size="sm" opacity={0.85}>
                {t(text)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Box>
  );
}
