import {
  Alert,
  Box,
  FileInput,
  MultiSelect,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileTypeCsv, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Papa from 'papaparse';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BULK_ENROLMENT_MAX_ROWS,
  LARGE_LIST_LIMIT,
  emailsFromCsvRows,
  errorMessageKey,
  type BulkEnrolment,
  type Course,
} from '@portal/shared-data';
import { courseMutations, courseQueries, userQueries } from '@portal/shared-data/queries';
import { FORM_MODAL_PHONE_QUERY, FormModal, wrappingTitle } from '@portal/shared-ui';
import { planBulkEnrolment, type SentReport } from './bulk-enrol-plan';
import { personName, rosterFilters } from './course-roster';
import { namespace } from './i18n';

/** How long typing pauses before the student search runs. */
const SEARCH_DEBOUNCE_MS = 300;

type Source = 'pick' | 'csv';

/** The emails a CSV file lists (papaparse reads it; shared-data picks the column). */
function readEmails(file: File): Promise<string[]> {
  return new Promise((resolve, reject) => {
    Papa.parse<string[], File>(file, {
      header: false,
      skipEmptyLines: true,
      complete: (result) => resolve(emailsFromCsvRows(result.data)),
      error: (error) => reject(error),
    });
  });
}

export interface BulkEnrolModalProps {
  course: Course;
  onClose: () => void;
}

/**
 * Enrol a list of students in one course (docs/product-rules.md "Bulk actions"): active students
 * chosen in a multi-select (searched on the server by name or email), or a CSV of emails. One call
 * enrols them all, or nobody: then each row says why (full, already enrolled, unknown email, not a
 * student …) and the list stays, to be corrected and sent again. Mounted only while open.
 */
export function BulkEnrolModal({ course, onClose }: BulkEnrolModalProps) {
  const { t } = useTranslation(namespace);
  const [source, setSource] = useState<Source>('pick');
  const [picked, setPicked] = useState<string[]>([]);
  // Labels of the chosen students, kept when a new search no longer lists them.
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [file, setFile] = useState<File | null>(null);
  const [fileEmails, setFileEmails] = useState<string[] | null>(null);
  const [fileProblem, setFileProblem] = useState<'unreadable' | 'empty' | 'tooMany' | null>(null);
  const [report, setReport] = useState<SentReport | null>(null);
  const enrolMany = useMutation(courseMutations.enrollMany());

  const students = useQuery({
    ...userQueries.list({
      role: 'student',
      isActive: true,
      search: term || undefined,
      sortBy: 'name',
      sortOrder: 'asc',
      page: 1,
      limit: LARGE_LIST_LIMIT,
    }),
    enabled: source === 'pick',
  });

  // The students already in the course (the card's roster, one cached answer): not offered, and
  // left out of a CSV before it is sent.
  const roster = useQuery(courseQueries.enrollments(rosterFilters(course)));
  const enrolledEmails = new Set(
    (roster.data?.items ?? []).flatMap((enrollment) =>
      enrollment.student ? [enrollment.student.email.toLowerCase()] : [],
    ),
  );

  const found = (students.data?.items ?? [])
    .filter((student) => !enrolledEmails.has(student.email.toLowerCase()))
    .map((student) => ({
      value: student.email,
      label: `${personName(student) ?? t('unknownPerson', { ns: 'common' })} · ${student.email}`,
    }));
  const options = [
    ...found,
    ...picked
      .filter((email) => !found.some((option) => option.value === email))
      .map((email) => ({ value: email, label: labels[email] ?? email })),
  ];

  const emails = source === 'pick' ? picked : (fileEmails ?? []);
  const dirty = emails.length > 0 && !enrolMany.isSuccess;
  const plan = planBulkEnrolment(emails, {
    enrolledEmails,
    seats: course.maxStudents - course.enrolledCount,
    allStudents: source === 'pick',
    report,
  });

  const choosePicked = (values: string[]) => {
    setPicked(values);
    setLabels((current) => {
      const next = { ...current };
      for (const option of found)
        if (values.includes(option.value)) next[option.value] = option.label;
      return next;
    });
    setReport(null);
  };

  const chooseFile = async (chosen: File | null) => {
    setFile(chosen);
    setFileEmails(null);
    setFileProblem(null);
    setReport(null);
    if (!chosen) return;
    try {
      const read = await readEmails(chosen);
      if (read.length === 0) setFileProblem('empty');
      else if (read.length > BULK_ENROLMENT_MAX_ROWS) setFileProblem('tooMany');
      else setFileEmails(read);
    } catch {
      setFileProblem('unreadable');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (plan.block) return;
    const sentRows = plan.rows;
    enrolMany.mutate(
      { courseId: course.id, emails: plan.emails },
      {
        onSuccess: (result) => {
          if (result.success) {
            notifications.show({
              color: 'teal',
              message: t('bulk.enrolled', { count: result.enrolled, title: course.title }),
            });
            onClose();
          } else {
            setReport({ result, rows: sentRows });
          }
        },
      },
    );
  };

  return (
    <FormModal
      title={t('bulk.title')}
      onClose={onClose}
      dirty={dirty}
      busy={enrolMany.isPending}
      size="lg"
      onSubmit={submit}
      submitLabel={t('bulk.submit', { count: plan.emails.length })}
      submitDisabled={plan.block !== null}
      failure={
        enrolMany.isError
          ? {
              title: t('bulk.failed'),
              reason: t(errorMessageKey(enrolMany.error), { ns: 'errors' }),
            }
          : null
      }
    >
      <Text size="sm" style={wrappingTitle}>
        {t('bulk.intro', { title: course.title, max: BULK_ENROLMENT_MAX_ROWS })}{' '}
        <Text span c="dimmed" inherit>
          (
          {t('course.enrolledOfMax', {
            ns: 'common',
            enrolled: course.enrolledCount,
            max: course.maxStudents,
          })}
          )
        </Text>
      </Text>
      <SegmentedControl
        aria-label={t('bulk.source')}
        value={source}
        onChange={(value) => {
          setSource(value as Source);
          setReport(null);
        }}
        data={[
          { value: 'pick', label: t('bulk.pick') },
          { value: 'csv', label: t('bulk.csv') },
        ]}
      />
      {source === 'pick' ? (
        <MultiSelect
          data-autofocus
          // Focused as the dialog opens, but its list opens on a click or typing only: open at
          // once, it covered the dialog's buttons.
          openOnFocus={false}
          label={t('bulk.students')}
          placeholder={t('bulk.studentsPlaceholder')}
          data={options}
          value={picked}
          onChange={choosePicked}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          // The server has searched already (full names too); do not filter its answer again.
          filter={({ options: all }) => all}
          nothingFoundMessage={students.isFetching ? t('bulk.searching') : t('picker.empty')}
          error={
            students.isError ? t(errorMessageKey(students.error), { ns: 'errors' }) : undefined
          }
          hidePickedOptions
          clearable
        />
      ) : (
        <Stack gap="xs">
          <FileInput
            data-autofocus
            label={t('bulk.file')}
            description={t('bulk.fileHint')}
            placeholder={t('bulk.filePlaceholder')}
            accept=".csv,text/csv,text/plain"
            leftSection={<IconFileTypeCsv size={18} aria-hidden />}
            value={file}
            onChange={(chosen) => void chooseFile(chosen)}
            clearable
            error={
              fileProblem
                ? t(`bulk.fileProblem.${fileProblem}`, { max: BULK_ENROLMENT_MAX_ROWS })
                : undefined
            }
          />
          {fileEmails ? (
            <Text size="sm" role="status">
              {t('bulk.fileRead', { count: fileEmails.length })}
            </Text>
          ) : null}
        </Stack>
      )}
      {report ? <BulkReport report={report} readyCount={plan.emails.length} /> : null}
      {plan.leftOut.length > 0 || (plan.block && plan.block !== 'empty') ? (
        <Stack gap={4} role="status">
          {plan.leftOut.length > 0 ? (
            <Text size="sm" c="dimmed">
              {t('bulk.leftOut', {
                reasons: plan.leftOut
                  .map(({ reason, count }) =>
                    t('bulk.leftOutReason', { reason: t(`bulk.status.${reason}`), count }),
                  )
                  .join(', '),
              })}
            </Text>
          ) : null}
          {plan.block && plan.block !== 'empty' ? (
            <Text size="sm" c="red">
              {t(`bulk.blocked.${plan.block}`, { count: plan.seats })}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </FormModal>
  );
}

/** An address that breaks after its '@' and dots when it must, never mid-word. */
function Email({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <span style={{ wordBreak: 'normal', overflowWrap: 'anywhere' }}>
      {parts.map((part, index) => (
        <span key={index}>
          {part}
          {index < parts.length - 1 ? <wbr /> : null}
        </span>
      ))}
    </span>
  );
}

/**
 * Why nobody was enrolled: the course, or each row of the list. A table from the dialog's full width,
 * a stacked list on phones; neither scrolls on its own (the dialog does).
 */
function BulkReport({ report: sent, readyCount }: { report: SentReport; readyCount: number }) {
  const { t } = useTranslation(namespace);
  const report = sent.result;
  // Each row is numbered as in the list chosen, though only some of its rows were sent.
  const rowOf = (index: number) => sent.rows[index] ?? index + 1;
  const phone = useMediaQuery(FORM_MODAL_PHONE_QUERY) ?? false;
  if (report.refusal) {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconInfoCircle aria-hidden />}>
        {t(`bulk.refusal.${report.refusal}`)}
      </Alert>
    );
  }
  const refused = report.rows.filter((row) => row.status !== 'ready');
  const result = (status: BulkEnrolment['rows'][number]['status']) => (
    <Text size="sm" c={status === 'ready' ? 'dimmed' : 'red'}>
      {t(`bulk.status.${status}`)}
    </Text>
  );
  return (
    <Stack gap="xs">
      <Alert color="red" variant="light" role="alert" title={t('bulk.noneEnrolled')}>
        {t('bulk.fixRows', { count: refused.length, seats: report.seatsLeft })}
        {readyCount > 0 ? ` ${t('bulk.sendsReady', { count: readyCount })}` : null}
      </Alert>
      {phone ? (
        <Stack
          component="ol"
          gap={0}
          aria-label={t('bulk.report')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {report.rows.map((row, index) => (
            <Box
              component="li"
              key={`${index}-${row.email}`}
              py={6}
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Text size="sm">
                <Text span c="dimmed" inherit>
                  {t('bulk.rowNumber', { row: rowOf(index) })}
                </Text>{' '}
                <Email email={row.email} />
              </Text>
              {result(row.status)}
            </Box>
          ))}
        </Stack>
      ) : (
        <Table striped withTableBorder aria-label={t('bulk.report')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bulk.columns.row')}</Table.Th>
              <Table.Th>{t('bulk.columns.email')}</Table.Th>
              <Table.Th>{t('bulk.columns.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.rows.map((row, index) => (
              <Table.Tr key={`${index}-${row.email}`}>
                <Table.Td>{rowOf(index)}</Table.Td>
                <Table.Td>
                  <Email email={row.email} />
                </Table.Td>
                <Table.Td>{result(row.status)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
