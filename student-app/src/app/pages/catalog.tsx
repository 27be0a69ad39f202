import { Box, Group, Loader, LoadingOverlay, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearchOff } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { CourseCard, EmptyState, ErrorBanner, FullPageLoader, Pager } from '@portal/shared-ui';
import { authAtom, type CatalogCourse } from '@portal/shared-data';
import { CatalogFilters } from '../../features/catalog/components/catalog-filters';
import { CATALOG_NAMESPACE } from '../../features/catalog/i18n';
import { useCatalog } from '../../features/catalog/use-catalog';

/** SPEC §2 Course Catalog: active courses to search, filter and enroll in, one page per request. */
export default function CourseCatalog() {
  const { t } = useTranslation(CATALOG_NAMESPACE);
  const { user } = useAtomValue(authAtom);
  const catalog = useCatalog(user?.id ?? null);
  const { list, enrollingId } = catalog;
  const courses = list.page?.items ?? [];

  const enroll = async (course: CatalogCourse) => {
    const outcome = await catalog.enroll(course);
    if (outcome.kind === 'enrolled') {
      notifications.show({
        color: 'green',
        title: t('enrolled'),
        message: t('enrolledDetail', { title: course.title }),
      });
    } else {
      notifications.show({
        color: 'red',
        message:
          outcome.kind === 'notLoggedIn'
            ? t('notLoggedIn')
            : (outcome.serverMessage ?? t('enrollFailed')),
      });
    }
  };

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('intro')}</Text>
      <CatalogFilters
        values={catalog.filters}
        languages={catalog.languages}
        onChange={catalog.changeFilters}
        onClear={catalog.clearFilters}
        filtered={catalog.filtered}
        onRefresh={catalog.refresh}
        refreshing={list.loading && list.page !== null}
      />

      {list.error ? (
        <ErrorBanner
          title={t('loadError')}
          message={list.error.message}
          onRetry={catalog.reload}
          retrying={list.loading}
        />
      ) : null}

      {list.page === null && list.loading ? (
        <FullPageLoader label={t('loading')} minHeight={300} />
      ) : null}

      {list.page ? (
        <>
          <Group gap="xs" aria-live="polite">
            <Title order={2} size="h4">
              {t('count', { count: list.page.total })}
            </Title>
            {list.loading ? <Loader size="xs" aria-label={t('updating')} /> : null}
          </Group>
          {courses.length === 0 ? (
            <EmptyState
              icon={<IconSearchOff aria-hidden />}
              title={t('empty')}
              description={catalog.filtered ? t('emptyFiltered') : t('emptyCatalog')}
            />
          ) : (
            <Box pos="relative" aria-busy={enrollingId !== null || list.loading}>
              <LoadingOverlay
                visible={enrollingId !== null}
                zIndex={10}
                overlayProps={{ blur: 1 }}
                loaderProps={{
                  children: (
                    <Stack align="center" gap="xs" role="status">
                      <Loader aria-hidden />
                      <Text fw={600}>{t('enrolling')}</Text>
                    </Stack>
                  ),
                }}
              />
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {courses.map((course) => (
                  <CourseCard
                    key={course.id}
                    course={{
                      id: course.id,
                      title: course.title,
                      description: course.description,
                      level: course.level,
                      language: course.language,
                      durationWeeks: course.duration,
                      enrolledCount: course.enrolledCount,
                      maxStudents: course.maxStudents,
                      teacherName: course.teacherName,
                      price: course.price,
                      averageRating: course.averageRating,
                      reviewCount: course.reviewCount,
                    }}
                    enrolled={course.isEnrolled}
                    enrolling={enrollingId === course.id}
                    onEnroll={() => void enroll(course)}
                  />
                ))}
              </SimpleGrid>
            </Box>
          )}
          <Pager
            page={catalog.page}
            totalPages={list.page.totalPages}
            onChange={catalog.goToPage}
            aria-label={t('pager')}
          />
        </>
      ) : null}
    </Stack>
  );
}
