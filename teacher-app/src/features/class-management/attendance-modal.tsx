import { Button, Group, Progress, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconChecks } from '@tabler/icons-react';
import { useIsMutating, useMutation, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  attendanceChanges,
  attendanceRate,
  attendedAfterChanges,
  errorMessageKey,
  progressColor,
  type ClassManagement,
  type CourseClass,
  type RosterMark,
  type RosterStudent,
} from '@portal/shared-data';
import { classMutations, classQueries } from '@portal/shared-data/queries';
import {
  ErrorBanner,
  FormModal,
  FormModalCloseButton,
  formatDate,
  formatDecimal,
  formatTime,
  PagedResults,
  SaveFailedAlert,
  useLanguage,
  usePageOfFilters,
  wrappingTitle,
} from '@portal/shared-ui';
import { namespace } from './attendance-i18n';

export interface AttendanceModalProps {
  /** The class whose attendance is taken (a Class Management card's class). */
  classItem: CourseClass;
  /**
   * The screen's one read: its figures and its page of classes (this class among them), each with its
   * saved attendance, the counts the rate starts from. The dialog reads no figures of its own, so a
   * save is one request and the invalidated read the screen makes again brings the new rate to both.
   */
  management: UseQueryResult<ClassManagement>;
  opened: boolean;
  onClose: () => void;
}

type MarksForm = { marks: Record<string, RosterMark> };

function RosterLine({
  student,
  present,
  autoFocus,
  onChange,
}: {
  student: RosterStudent;
  present: boolean;
  autoFocus: boolean;
  onChange: (present: boolean) => void;
}) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const nameId = useId();
  const name = student.name ?? t('unknownPerson', { ns: 'common' });
  // Only what is saved is described: a switch flipped here is not saved yet.
  const note =
    student.attended && student.attendedAt
      ? t(student.markedBy === student.studentId ? 'joinedAt' : 'markedAt', {
          time: formatTime(student.attendedAt, language),
        })
      : student.isMarked
        ? null
        : t('notMarked');
  return (
    <Group component="li" justify="space-between" gap="sm" wrap="nowrap" align="center">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} id={nameId} style={wrappingTitle}>
          {name}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {student.email}
        </Text>
        {note ? (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        ) : null}
      </Stack>
      <Switch
        data-autofocus={autoFocus || undefined}
        checked={present}
        onChange={(event) => onChange(event.currentTarget.checked)}
        label={t('present')}
        aria-label={t('presentFor', { name })}
        labelPosition="left"
        style={{ flexShrink: 0 }}
      />
    </Group>
  );
}

/** The dialog's body, mounted while it is open: a new opening starts from what is saved. */
function AttendanceRoster({
  classItem,
  management: classPage,
  onClose,
  onUnsavedChange,
}: Omit<AttendanceModalProps, 'opened'> & { onUnsavedChange: (unsaved: boolean) => void }) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const { page, setPage, settle } = usePageOfFilters();
  const save = useMutation(classMutations.saveAttendance());
  // From Save until a refusal the roster is not read again, though the save invalidates it: the
  // dialog closes once the marks are saved, so a save is one request plus the screen's refresh.
  // (Set in the click itself, so the query is paused before the save can answer.)
  const [sending, setSending] = useState(false);
  const roster = useQuery({
    ...classQueries.roster(classItem.id, page),
    enabled: !sending,
  });
  const form = useForm<MarksForm>({ mode: 'controlled', initialValues: { marks: {} } });
  const { marks } = form.getValues();

  const shown = settle(roster);
  const rows = shown?.items ?? [];
  const presentOf = (student: RosterStudent) =>
    marks[student.studentId]?.marked ?? student.attended;
  const mark = (student: RosterStudent, present: boolean) => {
    save.reset();
    form.setFieldValue('marks', (current) => ({
      ...current,
      [student.studentId]: {
        saved: current[student.studentId]?.saved ?? student.attended,
        marked: present,
      },
    }));
  };
  const markPagePresent = () => {
    save.reset();
    form.setFieldValue('marks', (current) => {
      const next = { ...current };
      for (const student of rows) {
        next[student.studentId] = {
          saved: current[student.studentId]?.saved ?? student.attended,
          marked: true,
        };
      }
      return next;
    });
  };

  const changes = attendanceChanges(marks);
  const changeCount = changes.present.length + changes.absent.length;
  // The dialog around the roster asks before closing while marks are unsaved.
  const unsaved = changeCount > 0;
  useEffect(() => onUnsavedChange(unsaved), [unsaved, onUnsavedChange]);
  const saved =
    classPage.data?.page.items.find((cls) => cls.id === classItem.id)?.attendance ?? undefined;
  const total = saved?.rosterCount ?? roster.data?.total ?? 0;
  const attended = attendedAfterChanges(saved?.attendedCount ?? 0, marks);
  const rate = saved ? attendanceRate(attended, total) : null;

  const submit = () => {
    if (changeCount === 0) {
      onClose();
      return;
    }
    setSending(true);
    save.mutate(
      {
        classId: classItem.id,
        marks: [
          ...changes.present.map((userId) => ({ userId, attended: true })),
          ...changes.absent.map((userId) => ({ userId, attended: false })),
        ],
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('saved') });
          onClose();
        },
        onError: () => setSending(false),
      },
    );
  };

  const failed = roster.isError ? roster : classPage.isError ? classPage : null;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {classItem.courseTitle ? `${classItem.courseTitle} · ` : ''}
        <time dateTime={classItem.scheduledDate}>
          {t('when', {
            date: formatDate(classItem.scheduledDate, language),
            time: formatTime(classItem.scheduledDate, language),
          })}
        </time>
      </Text>

      {failed ? (
        <ErrorBanner
          title={t('loadError')}
          message={t(errorMessageKey(failed.error), { ns: 'errors' })}
          onRetry={() => {
            if (roster.isError) void roster.refetch();
            if (classPage.isError) void classPage.refetch();
          }}
          retrying={roster.isFetching || classPage.isFetching}
        />
      ) : null}

      <Stack gap={4} aria-live="polite">
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {t('rate')}
          </Text>
          <Text size="sm" fw={600}>
            {classPage.isPending
              ? '…'
              : rate === null
                ? t('noRoster')
                : t('rateValue', {
                    attended,
                    total,
                    rate: formatDecimal(rate, language),
                  })}
          </Text>
        </Group>
        {rate !== null ? (
          <Progress value={rate} color={progressColor(rate)} aria-label={t('rate')} />
        ) : null}
        {changeCount > 0 ? (
          <Text size="xs" c="dimmed">
            {t('unsaved', { count: changeCount })}
          </Text>
        ) : null}
      </Stack>

      <PagedResults
        results={shown}
        countTitle={(count) => t('roster', { count })}
        fetching={roster.isFetching}
        loadingLabel={t('loading')}
        updatingLabel={t('updating')}
        empty={
          <Text size="sm" c="dimmed">
            {t('empty')}
          </Text>
        }
        page={page}
        onPageChange={setPage}
        pagerLabel={t('pager')}
        headingOrder={3}
      >
        <Stack gap="sm">
          <Group justify="flex-end">
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconChecks size={16} aria-hidden />}
              onClick={markPagePresent}
            >
              {t('allPresent')}
            </Button>
          </Group>
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {rows.map((student, index) => (
              <RosterLine
                key={student.studentId}
                student={student}
                present={presentOf(student)}
                autoFocus={index === 0}
                onChange={(present) => mark(student, present)}
              />
            ))}
          </Stack>
        </Stack>
      </PagedResults>

      {save.isError ? (
        <SaveFailedAlert
          title={t('failed')}
          reason={t(errorMessageKey(save.error), { ns: 'errors' })}
          notice={t('keptNotice')}
        />
      ) : null}

      <Group justify="flex-end" gap="xs">
        <FormModalCloseButton disabled={save.isPending}>{t('cancel')}</FormModalCloseButton>
        <Button onClick={submit} loading={save.isPending} disabled={!roster.isSuccess}>
          {t('save')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Taking attendance of one class: the course's active students with a present/absent switch each
 * (paged), the attendance rate as marked, and Save, which sends the changed marks in one request. A
 * student's own join time is kept. A refused save says why and keeps every mark.
 */
export function AttendanceModal({ classItem, management, opened, onClose }: AttendanceModalProps) {
  const { t } = useTranslation(namespace);
  // While the roster is being saved the dialog stays, so a refusal is shown and no mark is lost.
  const saving = useIsMutating({ mutationKey: classMutations.saveAttendance().mutationKey }) > 0;
  const [unsaved, setUnsaved] = useState(false);
  // Each opening starts from the saved marks: unsaved ones were discarded (the dialog asked), saved
  // ones are read again.
  const [opening, setOpening] = useState(0);
  const [shownOpen, setShownOpen] = useState(opened);
  if (shownOpen !== opened) {
    setShownOpen(opened);
    if (opened) {
      setOpening((count) => count + 1);
      setUnsaved(false);
    }
  }
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      dirty={unsaved}
      busy={saving}
      title={t('title', { title: classItem.title })}
    >
      <AttendanceRoster
        key={`${classItem.id}:${opening}`}
        classItem={classItem}
        management={management}
        onClose={onClose}
        onUnsavedChange={setUnsaved}
      />
    </FormModal>
  );
}
