import { Button, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBook, IconSchool, IconStar, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TEACHER_PAGE_SIZE,
  errorMessageKey,
  type CreatedTeacher,
  type ManagedTeacher,
  type TeacherDeparture,
  type TeacherFilters,
} from '@portal/shared-data';
import { NEW_ITEM_PARAM } from '@portal/shared-data/paths';
import {
  teacherMutations,
  teacherQueries,
  type DepartureOutcome,
} from '@portal/shared-data/queries';
import {
  ConfirmDialog,
  EmptyState,
  ErrorBanner,
  ListFilters,
  PagedResults,
  StatGrid,
  formatDecimal,
  useLanguage,
  usePageOfFilters,
  useSearchParamAction,
  TemporaryPasswordDialog,
} from '@portal/shared-ui';
import { namespace } from './i18n';
import { TeacherCard } from './teacher-card';
import { TeacherFormModal } from './teacher-form-modal';
import { TeacherDepartureDialog } from './teacher-departure-dialog';

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

type Status = 'all' | 'active' | 'inactive';

type Filters = { search: string; specialization: string | null; status: Status };

const NO_FILTERS: Filters = { search: '', specialization: null, status: 'all' };

type FormDialog = { kind: 'create' } | { kind: 'edit'; teacher: ManagedTeacher } | null;

/** A confirmation that keeps naming its teacher while it closes. */
type Reactivating = { teacher: ManagedTeacher; open: boolean } | null;

const fullName = (teacher: ManagedTeacher) => `${teacher.firstName} ${teacher.lastName}`.trim();

/**
 * Teacher Management (administrators): the figures over every teacher (one request, which also
 * names the specializations in use for the filter), a server-side search over name and email with
 * specialization and status filters, 12 teacher cards a page (one request); add (a teacher account
 * with a one-time temporary password), edit, deactivate or delete after saying what happens to the
 * teacher's courses (moved to another active teacher, kept, or left without a teacher), reactivate.
 */
export default function TeacherManagementScreen() {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [search] = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<FormDialog>(null);
  const [created, setCreated] = useState<CreatedTeacher | null>(null);
  const [leaving, setLeaving] = useState<{
    departure: TeacherDeparture;
    teacher: ManagedTeacher;
  } | null>(null);
  const [reactivating, setReactivating] = useState<Reactivating>(null);
  // The dashboard's quick actions open this screen with its dialog (`?new=1`).
  useSearchParamAction(NEW_ITEM_PARAM, () => setDialog({ kind: 'create' }));

  // A new search or filter starts again at page 1.
  const filterKey = JSON.stringify([search, filters.specialization, filters.status]);
  const { page, setPage, settle } = usePageOfFilters(filterKey);
  const request: TeacherFilters = {
    search: search || undefined,
    specialization: filters.specialization ?? undefined,
    isActive: filters.status === 'all' ? undefined : filters.status === 'active',
    page,
    limit: TEACHER_PAGE_SIZE,
  };
  const teachers = useQuery(teacherQueries.list(request));
  const stats = useQuery(teacherQueries.stats());
  const setActive = useMutation(teacherMutations.setActive());

  const list = settle(teachers);
  const filtered =
    filters.search.trim() !== '' || filters.specialization !== null || filters.status !== 'all';
  const clearFilters = () => setFilters(NO_FILTERS);

  const failed = teachers.isError ? teachers : stats.isError ? stats : null;
  const retry = () => {
    if (teachers.isError) void teachers.refetch();
    if (stats.isError) void stats.refetch();
  };

  const toast = (message: string) => notifications.show({ color: 'teal', message });

  const departed = ({ departure, reassigned, to }: DepartureOutcome) => {
    setLeaving(null);
    if (departure === 'deactivate') toast(t('toast.deactivated'));
    else if (reassigned > 0 && to) toast(t('toast.deletedMoved', { count: reassigned, name: to }));
    else toast(t('toast.deleted'));
  };

  const confirmReactivate = async () => {
    if (!reactivating) return;
    await setActive.mutateAsync({ id: reactivating.teacher.id, isActive: true });
    setReactivating((current) => current && { ...current, open: false });
    toast(t('toast.reactivated'));
  };

  const specializations = stats.data?.specializations ?? [];
  const specializationOptions = specializations.map((value) => ({ value, label: value }));
  const rating = stats.data?.averageRating;

  const createButton = (variant: 'filled' | 'light') => (
    <Button
      variant={variant}
      leftSection={<IconUserPlus size={18} aria-hidden />}
      onClick={() => setDialog({ kind: 'create' })}
    >
      {t('create')}
    </Button>
  );

  const reactivatingName = reactivating
    ? fullName(reactivating.teacher) || t('unknownPerson', { ns: 'common' })
    : '';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text c="dimmed" style={{ flex: '1 1 16rem' }}>
          {t('subtitle')}
        </Text>
        {createButton('filled')}
      </Group>

      <StatGrid
        loading={stats.isPending}
        items={[
          {
            label: t('stats.total'),
            value: stats.data?.totalTeachers,
            icon: <IconUsersGroup size={22} aria-hidden />,
            hint: stats.data
              ? `${t('stats.totalActive', { count: stats.data.activeTeachers })} · ${t(
                  'stats.totalInactive',
                  { count: stats.data.inactiveTeachers },
                )}`
              : undefined,
          },
          {
            label: t('stats.courses'),
            value: stats.data?.coursesTaught,
            icon: <IconBook size={22} aria-hidden />,
            color: 'blue',
            hint:
              stats.data && stats.data.unassignedCourses > 0
                ? t('stats.unassignedHint', { count: stats.data.unassignedCourses })
                : undefined,
          },
          {
            label: t('stats.students'),
            value: stats.data?.activeStudents,
            icon: <IconSchool size={22} aria-hidden />,
            color: 'teal',
            hint: t('stats.studentsHint'),
          },
          {
            label: t('stats.rating'),
            value: !stats.data
              ? undefined
              : rating === null || rating === undefined
                ? t('stats.noRatings')
                : formatDecimal(rating, language),
            icon: <IconStar size={22} aria-hidden />,
            color: 'yellow',
            hint:
              stats.data && stats.data.reviewCount > 0
                ? t('stats.ratingHint', { count: stats.data.reviewCount })
                : undefined,
          },
        ]}
      />

      <ListFilters
        searchLabel={t('filters.search')}
        searchPlaceholder={t('filters.searchPlaceholder')}
        search={filters.search}
        onSearchChange={(value) => setFilters((previous) => ({ ...previous, search: value }))}
        select={{
          label: t('filters.specialization'),
          allLabel: t('filters.allSpecializations'),
          options: specializationOptions,
          value: filters.specialization,
          onChange: (value) => setFilters((previous) => ({ ...previous, specialization: value })),
          unknownLabel: t('filters.unknownSpecialization'),
        }}
        filtered={filtered}
        clearLabel={t('filters.clear')}
        onClear={clearFilters}
      >
        <SegmentedControl
          aria-label={t('filters.status')}
          value={filters.status}
          onChange={(value) => setFilters((previous) => ({ ...previous, status: value as Status }))}
          data={[
            { value: 'all', label: t('filters.all') },
            { value: 'active', label: t('filters.active') },
            { value: 'inactive', label: t('filters.inactive') },
          ]}
        />
      </ListFilters>

      {failed ? (
        <ErrorBanner
          title={t('loadError')}
          message={t(errorMessageKey(failed.error), { ns: 'errors' })}
          onRetry={retry}
          retrying={teachers.isFetching || stats.isFetching}
        />
      ) : null}

      <PagedResults
        results={list}
        countTitle={(count) => t('count', { count })}
        fetching={teachers.isFetching}
        loadingLabel={t('loading')}
        updatingLabel={t('updating')}
        filtered={filtered}
        filteredEmpty={{
          title: t('empty.title'),
          description: t('empty.filteredDescription'),
          clearLabel: t('filters.clear'),
          onClear: clearFilters,
        }}
        empty={
          <EmptyState
            icon={<IconUsersGroup aria-hidden />}
            title={t('empty.title')}
            description={t('empty.description')}
            action={createButton('light')}
          />
        }
        page={page}
        onPageChange={setPage}
        pagerLabel={t('pager')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {(list?.items ?? []).map((teacher) => (
            <TeacherCard
              key={teacher.id}
              teacher={teacher}
              onEdit={(target) => setDialog({ kind: 'edit', teacher: target })}
              onToggleActive={(target) =>
                target.isActive
                  ? setLeaving({ departure: 'deactivate', teacher: target })
                  : setReactivating({ teacher: target, open: true })
              }
              onDelete={(target) => setLeaving({ departure: 'delete', teacher: target })}
            />
          ))}
        </SimpleGrid>
      </PagedResults>

      {dialog ? (
        <TeacherFormModal
          editing={dialog.kind === 'edit' ? dialog.teacher : null}
          suggestions={specializations}
          onClose={() => setDialog(null)}
          onCreated={(answer) => {
            setDialog(null);
            setCreated(answer);
            toast(t('toast.created'));
          }}
          onUpdated={() => {
            setDialog(null);
            toast(t('toast.updated'));
          }}
        />
      ) : null}

      {created ? (
        <TemporaryPasswordDialog
          title={t('password.title')}
          name={
            `${created.user.firstName} ${created.user.lastName}`.trim() ||
            t('unknownPerson', { ns: 'common' })
          }
          email={created.user.email}
          temporaryPassword={created.temporaryPassword}
          onClose={() => setCreated(null)}
        />
      ) : null}

      {leaving ? (
        <TeacherDepartureDialog
          departure={leaving.departure}
          teacher={leaving.teacher}
          onClose={() => setLeaving(null)}
          onDone={departed}
        />
      ) : null}

      <ConfirmDialog
        opened={reactivating?.open ?? false}
        title={t('status.reactivateTitle', { name: reactivatingName })}
        message={t('status.reactivateMessage')}
        confirmLabel={t('status.reactivateConfirm')}
        onConfirm={confirmReactivate}
        onCancel={() => setReactivating((current) => current && { ...current, open: false })}
        failedTitle={t('status.failed')}
        describeError={(error) => t(errorMessageKey(error), { ns: 'errors' })}
      />
    </Stack>
  );
}
