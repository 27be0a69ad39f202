import { Card, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessageKey, filterMaterials, type Material } from '@portal/shared-data';
import { useMaterialViewer } from '@portal/shared-data/queries';
import {
  MaterialBrowser,
  MaterialViewer,
  downloadName,
  startDownload,
  toViewerMaterial,
} from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';

/** The course's materials: filters, cards and the viewer. */
export function CourseMaterials({
  materials,
  emptyTitle,
}: {
  materials: readonly Material[];
  emptyTitle: string;
}) {
  const { t } = useTranslation(namespace);
  const viewer = useMaterialViewer();
  const failure = (error: unknown) => t(errorMessageKey(error), { ns: 'errors' });
  const download = (material: Material) =>
    viewer.signedUrl(material).then(
      (url) => startDownload(url, downloadName(material)),
      (error: unknown) =>
        notifications.show({
          color: 'red',
          message: t('materials.downloadError', { message: failure(error) }),
        }),
    );

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="course-materials-title"
    >
      <Stack gap="md">
        <Title order={3} size="h4" id="course-materials-title">
          {t('materials.title')}
        </Title>
        <MaterialBrowser
          materials={materials}
          filter={filterMaterials}
          onView={viewer.open}
          onDownload={(material) => void download(material)}
          emptyTitle={emptyTitle}
          cardHeadingOrder={4}
        />
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
    </Card>
  );
}
