import { Box, Loader, LoadingOverlay, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearchOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CourseCard,
  EmptyState,
  ErrorBanner,
  PagedResults,
  SeatHoldNotice,
  WaitingListControl,
  formatDateTimeInZone,
  seatHoldNamespace,
  useLanguage,
  usePageOfFilters,
} from '@portal/shared-ui';
import {
  COURSE_LANGUAGES,
  authAtom,
  errorMessageKey,
  isCourseFull,
  paths,
  type CatalogCourse,
  type SeatHold,
  type CatalogFilters as CatalogQuery,
} from '@portal/shared-data';
import {
  courseKeys,
  courseMutations,
  courseQueries,
  settingsQueries,
  useMySeatHolds,
  useMyWaitingList,
  useWaitingListLive,
} from '@portal/shared-data/queries';
import { CatalogFilters, NO_FILTERS, type CatalogFilterValues } from './catalog-filters';
import { namespace } from './i18n';

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

/** Course Catalog: active courses to search, filter and enroll in, one page per request. */
export default function CatalogScreen() {
  const { t } = useTranslation(namespace);
  const { language: uiLanguage } = useLanguage();
  const { user } = useAtomValue(authAtom);
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<CatalogFilterValues>(NO_FILTERS);
  const [search] = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const { language, level } = filters;

  // A new search or filter starts again at page 1: the page belongs to the filters it was chosen for.
  const filterKey = JSON.stringify([search, language, level]);
  const { page, setPage, settle } = usePageOfFilters(filterKey);
  const query: CatalogQuery = {
    search,
    language: language ?? undefined,
    level: level ?? undefined,
    page,
  };
  const courses = useQuery(courseQueries.catalog(query));
  const languages = useQuery(courseQueries.catalogLanguages());
  // The school's currency, from the page's one read of the public settings (no request of its own).
  const currency = useQuery(settingsQueries.currency()).data;
  const enroll = useMutation(courseMutations.enroll());
  // The student's places in line, one request for every course on the page (docs/waiting-list.md).
  const studentId = user?.role === 'student' ? user.id : undefined;
  const waiting = useMyWaitingList(studentId);
  useWaitingListLive(studentId);
  // Seats held for their payment (docs/money.md "Payment before the seat"), one request for the page.
  const seats = useMySeatHolds(studentId);
  const describeError = (error: unknown) => t(errorMessageKey(error), { ns: 'errors' });

  // The list shrank under the student (courses closed): its new last page shows instead.
  const list = settle(courses);
  const items = list?.items ?? [];

  // Without the languages probe the filter still offers every language a course may have.
  const languageOptions = languages.data ?? (languages.isError ? COURSE_LANGUAGES : []);
  const filtered = filters.search.trim() !== '' || language !== null || level !== null;
  const clearFilters = () => setFilters(NO_FILTERS);
  const enrollingId = enroll.isPending ? enroll.variables.courseId : null;

  const enrollIn = (course: CatalogCourse) => {
    if (!user) {
      notifications.show({ color: 'red', message: t('notLoggedIn') });
      return;
    }
    enroll.mutate(
      { courseId: course.id, userId: user.id },
      {
        onSuccess: (held) =>
          notifications.show(
            held
              ? {
                  color: 'blue',
                  title: t('title', { ns: seatHoldNamespace }),
                  message: t('enrolledHeld', {
                    ns: seatHoldNamespace,
                    title: course.title,
                    when: formatDateTimeInZone(held.heldUntil, uiLanguage, held.timeZone),
                  }),
                  autoClose: false,
                }
              : {
                  color: 'green',
                  title: t('enrolled'),
                  message: t('enrolledDetail', { title: course.title }),
                },
          ),
        onError: (error) => {
          // The server's refusal (full, already enrolled…) in the student's language.
          const key = errorMessageKey(error);
          notifications.show({
            color: 'red',
            message: key === 'unknown' ? t('enrollFailed') : t(key, { ns: 'errors' }),
          });
        },
      },
    );
  };

  // Every cached catalog page goes stale, not only the one on screen: paging back after a refresh
  // (or being moved to a shrunken list's last page) must not show an older count.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: courseKeys.all });

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('intro')}</Text>
      <CatalogFilters
        values={filters}
        languages={languageOptions}
        onChange={(changes) => setFilters((previous) => ({ ...previous, ...changes }))}
        onClear={clearFilters}
        filtered={filtered}
        onRefresh={refresh}
        refreshing={courses.isFetching && list !== undefined}
      />

      {courses.isError ? (
        <ErrorBanner
          title={t('loadError')}
          message={t(errorMessageKey(courses.error), { ns: 'errors' })}
          onRetry={() => void courses.refetch()}
          retrying={courses.isFetching}
        />
      ) : null}

      <PagedResults
        results={list}
        countTitle={(count) => t('count', { count })}
        fetching={courses.isFetching}
        loadingLabel={t('loading')}
        updatingLabel={t('updating')}
        filtered={filtered}
        filteredEmpty={{
          title: t('empty'),
          description: t('emptyFiltered'),
          clearLabel: t('clearFilters'),
          onClear: clearFilters,
        }}
        empty={
          <EmptyState
            icon={<IconSearchOff aria-hidden />}
            title={t('empty')}
            description={t('emptyCatalog')}
          />
        }
        page={page}
        onPageChange={setPage}
        pagerLabel={t('pager')}
      >
        <Box pos="relative" aria-busy={enrollingId !== null}>
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
            {items.map((course) => (
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
                currency={currency}
                enrolled={course.isEnrolled}
                enrolling={enrollingId === course.id}
                onEnroll={() => enrollIn(course)}
                footer={
                  seats.byCourse.has(course.id) && !course.isEnrolled ? (
                    <HeldSeat hold={seats.byCourse.get(course.id)!} seats={seats} />
                  ) : !course.isEnrolled &&
                    (waiting.byCourse.has(course.id) || isCourseFull(course)) ? (
                    <WaitingListControl
                      courseTitle={course.title}
                      entry={waiting.byCourse.get(course.id)}
                      loading={waiting.loading}
                      onJoin={() => waiting.join(course.id)}
                      onLeave={waiting.leave}
                      describeError={describeError}
                    />
                  ) : undefined
                }
              />
            ))}
          </SimpleGrid>
        </Box>
      </PagedResults>
    </Stack>
  );
}

/** A course whose seat is held for its payment: until when, Pay by card (when offered), Billing. */
function HeldSeat({ hold, seats }: { hold: SeatHold; seats: ReturnType<typeof useMySeatHolds> }) {
  const { t } = useTranslation(seatHoldNamespace);
  const pay = () =>
    seats.payByCard(hold).catch((error: unknown) =>
      notifications.show({
        color: 'red',
        message: t('payFailed', { message: t(errorMessageKey(error), { ns: 'errors' }) }),
      }),
    );
  return (
    <SeatHoldNotice
      heldUntil={hold.heldUntil}
      timeZone={hold.timeZone}
      amountDue={hold.amountDue}
      currency={hold.currency}
      billingHref={paths.billing}
      onPayByCard={seats.cardAvailable && hold.invoiceId && hold.amountDue > 0 ? pay : undefined}
      paying={seats.payingId === hold.id}
    />
  );
}
