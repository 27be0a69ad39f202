import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconFilePlus,
  IconFileText,
  IconFiles,
  IconHeadphones,
  IconVideo,
} from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GENERAL_MATERIALS,
  authAtom,
  errorMessageKey,
  type Material,
  type MaterialFilters as MaterialListFilters,
} from '@portal/shared-data';
import {
  materialMutations,
  materialQueries,
  useCourseFilterOptions,
  useMaterialViewer,
} from '@portal/shared-data/queries';
import {
  ConfirmDialog,
  EmptyState,
  ErrorBanner,
  MaterialCard,
  MaterialFilters,
  MaterialViewer,
  PagedResults,
  StatGrid,
  downloadName,
  startDownload,
  toViewerMaterial,
  usePageOfFilters,
  type MaterialFilterValues,
} from '@portal/shared-ui';
import { AddMaterialModal, type AddedAs } from './add-material-modal';
import { namespace } from './i18n';

/** Materials on one page of the grid. */
export const MATERIAL_PAGE_SIZE = 12;

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

const NO_FILTERS: MaterialFilterValues = {};

/**
 * Materials Library: the materials the signed-in teacher (own courses and the general library) or
 * administrator (everything) may see, as the database's policies decide. Figures over every visible
 * material, a server-side course, language, skill and title filter, one page per request, newest
 * first; View, Download (Open for links), Delete where the database allows it, and Add Material.
 * Two requests per screen load: the figures and one page. The courses of the course filter load on
 * demand: when the filter is about to be used, a course is chosen in it, or Add Material opens.
 */
export default function MaterialsLibraryScreen() {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  const [filters, setFilters] = useState<MaterialFilterValues>(NO_FILTERS);
  const [search] = useDebouncedValue((filters.search ?? '').trim(), SEARCH_DEBOUNCE_MS);
  const { courseId = null, language = null, skill = null } = filters;
  const [adding, setAdding] = useState(false);
  // The material stays named while the confirmation closes.
  const [deleting, setDeleting] = useState<{ material: Material; open: boolean } | null>(null);
  const closeDelete = () => setDeleting((current) => current && { ...current, open: false });

  // A new search or filter starts again at page 1: the page belongs to the filters it was chosen for.
  const filterKey = JSON.stringify([search, courseId, language, skill]);
  // Forgotten at once, so going back to earlier filters does not bring back their old page.
  const { page, setPage, settle } = usePageOfFilters(filterKey, { forgetOnChange: true });
  const request: MaterialListFilters = {
    search: search || undefined,
    courseId: courseId ?? undefined,
    language: language ?? undefined,
    skill: skill ?? undefined,
    page,
    limit: MATERIAL_PAGE_SIZE,
  };
  const materials = useQuery(materialQueries.list(request));
  const stats = useQuery(materialQueries.stats());
  const {
    courses,
    reachFor: reachForCourses,
    loading: coursesLoading,
  } = useCourseFilterOptions(user, adding || courseId !== null);
  const remove = useMutation(materialMutations.delete());
  const viewer = useMaterialViewer();

  // The list shrank (a material deleted on the last page): its new last page shows instead.
  const list = settle(materials);
  const items = list?.items ?? [];
  const filtered = (filters.search ?? '').trim() !== '' || !!courseId || !!language || !!skill;

  const failed = materials.isError ? materials : stats.isError ? stats : null;
  const retry = () => {
    if (materials.isError) void materials.refetch();
    if (stats.isError) void stats.refetch();
  };
  const failure = (error: unknown) => t(errorMessageKey(error), { ns: 'errors' });

  const download = (material: Material) =>
    viewer.signedUrl(material).then(
      (url) => startDownload(url, downloadName(material)),
      (error: unknown) =>
        notifications.show({
          color: 'red',
          message: t('downloadError', { message: failure(error) }),
          autoClose: false,
        }),
    );

  const added = (as: AddedAs) => {
    setAdding(false);
    notifications.show({
      color: 'teal',
      message: as === 'file' ? t('toast.uploaded') : t('toast.linked'),
    });
  };

  // A refused delete keeps the confirmation open with the reason, and Delete tries again.
  const confirmDelete = async () => {
    if (!deleting) return;
    await remove.mutateAsync(deleting.material);
    closeDelete();
    notifications.show({ color: 'teal', message: t('toast.deleted') });
  };

  const courseOptions = [
    { value: GENERAL_MATERIALS, label: t('filters.general') },
    ...(courses.data ?? []).map((course) => ({ value: course.id, label: course.title })),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text c="dimmed" style={{ flex: '1 1 16rem' }}>
          {t('subtitle')}
        </Text>
        <Button
          leftSection={<IconFilePlus size={18} aria-hidden />}
          onClick={() => setAdding(true)}
        >
          {t('add')}
        </Button>
      </Group>

      <StatGrid
        loading={stats.isPending}
        items={[
          {
            label: t('stats.total'),
            value: stats.data?.total,
            icon: <IconFiles size={22} aria-hidden />,
          },
          {
            label: t('stats.documents'),
            value: stats.data?.documents,
            icon: <IconFileText size={22} aria-hidden />,
            color: 'blue',
          },
          {
            label: t('stats.videos'),
            value: stats.data?.videos,
            icon: <IconVideo size={22} aria-hidden />,
            color: 'grape',
          },
          {
            label: t('stats.audio'),
            value: stats.data?.audio,
            icon: <IconHeadphones size={22} aria-hidden />,
            color: 'teal',
          },
        ]}
      />

      <MaterialFilters
        value={filters}
        onChange={setFilters}
        courseOptions={courseOptions}
        onCourseInterest={reachForCourses}
        coursesLoading={coursesLoading}
      />
      {courses.isError ? (
        <ErrorBanner
          title={t('filters.coursesError')}
          message={failure(courses.error)}
          onRetry={() => void courses.refetch()}
          retrying={courses.isFetching}
        />
      ) : null}

      {failed ? (
        <ErrorBanner
          title={t('loadError')}
          message={failure(failed.error)}
          onRetry={retry}
          retrying={materials.isFetching || stats.isFetching}
        />
      ) : null}

      <PagedResults
        results={list}
        countTitle={(count) => t('count', { count })}
        fetching={materials.isFetching}
        loadingLabel={t('loading')}
        updatingLabel={t('updating')}
        filtered={filtered}
        filteredEmpty={{
          title: t('empty.title'),
          description: t('empty.filteredDescription'),
          clearLabel: t('filters.clear'),
          onClear: () => setFilters(NO_FILTERS),
        }}
        empty={
          <EmptyState
            icon={<IconFiles aria-hidden />}
            title={t('empty.title')}
            description={t('empty.description')}
            action={
              <Button
                variant="light"
                leftSection={<IconFilePlus size={16} aria-hidden />}
                onClick={() => setAdding(true)}
              >
                {t('add')}
              </Button>
            }
          />
        }
        page={page}
        onPageChange={setPage}
        pagerLabel={t('pager')}
      >
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {items.map((material) => (
            <li key={material.id}>
              <MaterialCard
                material={material}
                course={material.courseTitle ?? (material.courseId ? null : t('general'))}
                onView={() => viewer.open(material)}
                onDownload={() => void download(material)}
                onDelete={
                  material.canDelete ? () => setDeleting({ material, open: true }) : undefined
                }
              />
            </li>
          ))}
        </SimpleGrid>
      </PagedResults>

      {adding ? (
        <AddMaterialModal courses={courses} onClose={() => setAdding(false)} onAdded={added} />
      ) : null}

      <MaterialViewer
        opened={viewer.material !== null}
        onClose={viewer.close}
        material={viewer.material ? toViewerMaterial(viewer.material) : null}
        url={viewer.url}
        loading={viewer.loading}
        error={viewer.error ? failure(viewer.error) : null}
        onDownload={() => {
          if (viewer.material) void download(viewer.material);
        }}
      />

      <ConfirmDialog
        opened={deleting?.open ?? false}
        title={t('remove.title', { title: deleting?.material.title ?? '' })}
        message={deleting?.material.type === 'link' ? t('remove.linkMessage') : t('remove.message')}
        confirmLabel={t('remove.confirm')}
        danger
        onConfirm={confirmDelete}
        onCancel={closeDelete}
        failedTitle={t('remove.failed')}
        describeError={failure}
      />
    </Stack>
  );
}
