import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconFileText,
  IconFiles,
  IconHeadphones,
  IconRefresh,
  IconVideo,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { errorMessageKey, filterMaterials, libraryStats, type Material } from '@portal/shared-data';
import { materialQueries, useMaterialViewer, type PageLoader } from '@portal/shared-data/queries';
import {
  ErrorBanner,
  FullPageLoader,
  MaterialBrowser,
  MaterialViewer,
  StatCard,
  downloadName,
  startDownload,
  toViewerMaterial,
} from '@portal/shared-ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';

/** The shell's route loader: the general materials, before the page renders. */
export const loader: PageLoader = (queryClient) =>
  queryClient.ensureQueryData(materialQueries.extra());

/**
 * Extra Materials, the student's view of the materials library: only materials without a course,
 * so the library's course filter has nothing to choose from and is left out.
 */
export default function MaterialsScreen() {
  const { t } = useTranslation(namespace);
  const materials = useQuery(materialQueries.extra());
  const viewer = useMaterialViewer();
  const data = materials.data ?? null;
  const stats = useMemo(() => (data ? libraryStats(data.items) : null), [data]);
  const failure = (error: unknown) => t(errorMessageKey(error), { ns: 'errors' });
  const download = (material: Material) =>
    viewer.signedUrl(material).then(
      (url) => startDownload(url, downloadName(material)),
      (error: unknown) =>
        notifications.show({
          color: 'red',
          message: t('downloadError', { message: failure(error) }),
        }),
    );

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
          onClick={() => void materials.refetch()}
          loading={materials.isFetching && data !== null}
        >
          {t('extra.refresh')}
        </Button>
      </Group>

      {materials.isError ? (
        <ErrorBanner
          title={t('extra.loadError')}
          message={failure(materials.error)}
          onRetry={() => void materials.refetch()}
        />
      ) : null}

      {materials.isError && !data ? null : (
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
        <MaterialBrowser
          materials={data.items}
          filter={filterMaterials}
          onView={viewer.open}
          onDownload={(material) => void download(material)}
        />
      ) : materials.isPending ? (
        <FullPageLoader minHeight={240} label={t('extra.loading')} />
      ) : null}

      <MaterialViewer
        opened={viewer.material !== null}
        onClose={viewer.close}
        material={viewer.material ? toViewerMaterial(viewer.material) : null}
        url={viewer.url}
        loading={viewer.loading}
        error={viewer.error ? t(errorMessageKey(viewer.error), { ns: 'errors' }) : null}
        onDownload={() => {
          if (viewer.material) void download(viewer.material);
        }}
      />
    </Stack>
  );
}
