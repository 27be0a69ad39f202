import { Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconScale,
  IconSchoolOff,
  IconUsers,
  IconClipboardList,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import {
  ACTIVITY_TYPES,
  authAtom,
  courseDetailBackPath,
  errorMessageKey,
  gradeWeightShares,
  type Gradebook,
} from '@portal/shared-data';
import { CSV_CONTENT_TYPE, csvFileDate } from '@portal/shared-data/csv';
import { gradebookQueries, type PageLoader } from '@portal/shared-data/queries';
import {
  DEFAULT_GRADEBOOK_SORT,
  DownloadButton,
  EmptyState,
  ErrorBanner,
  FullPageLoader,
  GradebookLegend,
  GradebookTable,
  formatDecimal,
  gradebookNameOrder,
  sortGradebookRows,
  useLanguage,
  wrappingButtonStyles,
  wrappingTitle,
  type GradebookSort,
} from '@portal/shared-ui';
import { gradebookCsv, gradebookCsvFileName } from './gradebook-csv';
import { namespace } from './i18n';
import { WeightsModal } from './weights-modal';

/** The shell's route loader: the gradebook, before the page renders. */
export const loader: PageLoader = (queryClient, { courseId = '' }) =>
  queryClient.ensureQueryData(gradebookQueries.course(courseId));

/** `/gradebook/:courseId`: a course's gradebook, for its teacher and admins. */
export default function GradebookScreen() {
  const { courseId = '' } = useParams();
  // Another course starts afresh (no dialog or sort order carries over).
  return <GradebookContent key={courseId} courseId={courseId} />;
}

function BackLink() {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  return (
    <Group>
      <Button
        component={Link}
        to={courseDetailBackPath(user?.role)}
        variant="subtle"
        px="xs"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
      >
        {t('back')}
      </Button>
    </Group>
  );
}

function WeightsSummary({ gradebook }: { gradebook: Gradebook }) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const shares = gradeWeightShares(gradebook.course.gradeWeights);
  const list = ACTIVITY_TYPES.filter((type) => shares[type] !== undefined).map((type) =>
    t('weightShare', {
      type: t(`activityTypes.${type}`, { ns: 'common' }),
      share: formatDecimal(shares[type] ?? 0, language, 1),
    }),
  );
  return (
    <Text size="sm" c="dimmed">
      {list.length > 0 ? t('weightsSummary', { list: list.join(' · ') }) : t('weightsNone')}
    </Text>
  );
}

function GradebookContent({ courseId }: { courseId: string }) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const gradebook = useQuery(gradebookQueries.course(courseId));
  const [editingWeights, setEditingWeights] = useState(false);
  // Kept here so the export lists the students in the order the table shows them.
  const [sort, setSort] = useState<GradebookSort>(DEFAULT_GRADEBOOK_SORT);

  if (gradebook.isPending) {
    return (
      <Stack gap="md">
        <BackLink />
        <FullPageLoader minHeight={320} label={t('loading')} />
      </Stack>
    );
  }
  if (gradebook.isError) {
    return (
      <Stack gap="md">
        <BackLink />
        <ErrorBanner
          title={t('loadError')}
          message={t(errorMessageKey(gradebook.error), { ns: 'errors' })}
          onRetry={() => void gradebook.refetch()}
          retrying={gradebook.isFetching}
        />
      </Stack>
    );
  }
  if (!gradebook.data) {
    return (
      <Stack gap="md">
        <BackLink />
        <EmptyState
          icon={<IconSchoolOff aria-hidden />}
          title={t('notFound')}
          description={t('notFoundHint')}
        />
      </Stack>
    );
  }

  const data = gradebook.data;
  const { course, activities, students } = data;
  const exportCsv = async () => {
    const fresh = (await queryClient.fetchQuery(gradebookQueries.course(courseId))) ?? data;
    return {
      fileName: gradebookCsvFileName(fresh.course.title, csvFileDate(new Date())),
      text: gradebookCsv(
        {
          ...fresh,
          students: sortGradebookRows(
            fresh.students,
            fresh.activities,
            sort,
            gradebookNameOrder(language),
          ),
        },
        {
          name: t('csv.name'),
          email: t('csv.email'),
          total: t('csv.total'),
          missing: t('csv.missing'),
          submitted: t('csv.submitted'),
        },
      ),
      type: CSV_CONTENT_TYPE,
    };
  };

  return (
    <Stack gap="md" style={{ minWidth: 0 }}>
      <BackLink />
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Title order={2} size="h3" style={wrappingTitle}>
            {course.title}
          </Title>
          <Text size="sm">
            {t('summary', { count: students.length })} ·{' '}
            {t('activityCount', { count: activities.length })}
          </Text>
          <WeightsSummary gradebook={data} />
        </Stack>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconScale size={16} aria-hidden />}
            onClick={() => setEditingWeights(true)}
            styles={wrappingButtonStyles}
          >
            {t('weights.open')}
          </Button>
          {students.length > 0 && activities.length > 0 ? (
            <DownloadButton
              read={exportCsv}
              failedTitle={t('exportFailed')}
              describeError={(error) => t(errorMessageKey(error), { ns: 'errors' })}
            >
              {t('exportCsv')}
            </DownloadButton>
          ) : null}
        </Group>
      </Group>

      {activities.length === 0 ? (
        <EmptyState
          icon={<IconClipboardList aria-hidden />}
          title={t('noActivities')}
          description={t('noActivitiesHint')}
        />
      ) : students.length === 0 ? (
        <EmptyState
          icon={<IconUsers aria-hidden />}
          title={t('noStudents')}
          description={t('noStudentsHint')}
        />
      ) : (
        <>
          <GradebookTable
            activities={activities}
            students={students}
            sort={sort}
            onSortChange={setSort}
          />
          <GradebookLegend />
        </>
      )}

      {editingWeights ? (
        <WeightsModal
          courseId={course.id}
          weights={course.gradeWeights}
          onClose={() => setEditingWeights(false)}
        />
      ) : null}
    </Stack>
  );
}
