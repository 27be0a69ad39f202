import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconFileText,
  IconFiles,
  IconHeadphones,
  IconRefresh,
  IconVideo,
} from '@tabler/icons-react';
import { libraryStats, type ExtraMaterials as ExtraMaterialsData } from '@portal/shared-data';
import { ErrorBanner, FullPageLoader, StatCard } from '@portal/shared-ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { lastData, useExtraMaterials } from '../hooks/use-extra-materials';
import { MATERIALS_NS } from '../i18n';
import { MaterialBrowser } from './material-browser';

/** The student's Extra Materials screen: general materials only, with stats, filters and the viewer. */
export function ExtraMaterials() {
  const { t } = useTranslation(MATERIALS_NS);
  const { state, reload } = useExtraMaterials();
  const data: ExtraMaterialsData | null = lastData(state);
  const stats = useMemo(() => (data ? libraryStats(data.items) : null), [data]);
  const loading = state.status === 'loading';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2} size="h3">
            {t('extra.title')}
          </Title>
          <Text c="dimmed">{t('extra.description')}</Text>
        </div>
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void reload()}
          loading={loading && data !== null}
        >
          {t('extra.refresh')}
        </Button>
      </Group>

      {state.status === 'error' ? (
        <ErrorBanner title={t('extra.loadError')} message={state.error.message} onRetry={() => void reload()} />
      ) : null}

      {state.status === 'error' && !data ? null : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <StatCard
            label={t('stats.total')}
            value={data?.total ?? 0}
            icon={<IconFiles size={22} />}
            loading={!data}
          />
          <StatCard
            label={t('stats.documents')}
            value={stats?.documents ?? 0}
            icon={<IconFileText size={22} />}
            color="blue"
            loading={!stats}
          />
          <StatCard
            label={t('stats.videos')}
            value={stats?.videos ?? 0}
            icon={<IconVideo size={22} />}
            color="grape"
            loading={!stats}
          />
          <StatCard
            label={t('stats.audio')}
            value={stats?.audio ?? 0}
            icon={<IconHeadphones size={22} />}
            color="teal"
            loading={!stats}
          />
        </SimpleGrid>
      )}

      {data && data.total > data.items.length ? (
        <Text size="sm" c="dimmed">
          {t('extra.truncated', { shown: data.items.length, total: data.total })}
        </Text>
      ) : null}

      {data ? (
        <MaterialBrowser materials={data.items} />
      ) : state.status === 'loading' ? (
        <FullPageLoader minHeight={240} label={t('extra.loading')} />
      ) : null}
    </Stack>
  );
}
