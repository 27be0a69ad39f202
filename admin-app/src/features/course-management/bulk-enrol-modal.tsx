import {
  Alert,
  FileInput,
  MultiSelect,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
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
import { courseMutations, userQueries } from '@portal/shared-data/queries';
import { FormModal, wrappingTitle } from '@portal/shared-ui';
import { personName } from './course-roster';
import { namespace } from './i18n';

/** How long typing pauses before the student search runs. */
const SEARCH_DEBOUNCE_MS = 300;

/** The report scrolls inside the dialog beyond this height. */
const REPORT_MAX_HEIGHT = 320;

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
  const [report, setReport] = useState<BulkEnrolment | null>(null);
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

  const found = (students.data?.items ?? []).map((student) => ({
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

  const choosePicked = (values: string[]) => {
    setPicked(values);
    setLabels((current) => {
      const next = { ...current };
      for (const option of found) if (values.includes(option.value)) next[option.value] = option.label;
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
    if (emails.length === 0) return;
    enrolMany.mutate(
      { courseId: course.id, emails },
      {
        onSuccess: (result) => {
          if (result.success) {
            notifications.show({
              color: 'teal',
              message: t('bulk.enrolled', { count: result.enrolled, title: course.title }),
            });
            onClose();
          } else {
            setReport(result);
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
      submitLabel={t('bulk.submit', { count: emails.length })}
      submitDisabled={emails.length === 0}
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
            error={fileProblem ? t(`bulk.fileProblem.${fileProblem}`, { max: BULK_ENROLMENT_MAX_ROWS }) : undefined}
          />
          {fileEmails ? (
            <Text size="sm" role="status">
              {t('bulk.fileRead', { count: fileEmails.length })}
            </Text>
          ) : null}
        </Stack>
      )}
      {report ? <BulkReport report={report} /> : null}
    </FormModal>
  );
}

/** Why nobody was enrolled: the course, or each row of the list. */
function BulkReport({ report }: { report: BulkEnrolment }) {
  const { t } = useTranslation(namespace);
  if (report.refusal) {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconInfoCircle aria-hidden />}>
        {t(`bulk.refusal.${report.refusal}`)}
      </Alert>
    );
  }
  const refused = report.rows.filter((row) => row.status !== 'ready');
  return (
    <Stack gap="xs">
      <Alert color="red" variant="light" role="alert" title={t('bulk.noneEnrolled')}>
        {t('bulk.fixRows', { count: refused.length, seats: report.seatsLeft })}
      </Alert>
      <ScrollArea.Autosize mah={REPORT_MAX_HEIGHT}>
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
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={row.status === 'ready' ? 'dimmed' : 'red'}>
                    {t(`bulk.status.${row.status}`)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}
