import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconDownload, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  USER_IMPORT_MAX_ROWS,
  importSummary,
  previewUserImport,
  rowsToSend,
  userImportReport,
  type UserImportFileProblem,
  type UserImportOutcome,
  type UserImportPreview,
} from '@portal/shared-data';
import { CSV_CONTENT_TYPE } from '@portal/shared-data/csv';
import { userMutations } from '@portal/shared-data/queries';
import { FormModal, FormModalCloseButton, downloadTextFile } from '@portal/shared-ui';
import { namespace } from './i18n';
import {
  describeProblems,
  parseUserCsv,
  userImportReportCsv,
  userImportReportFileName,
  userImportTemplateCsv,
} from './user-import-csv';
import { userFailureText } from './user-failure';

/** The preview and the report scroll inside the dialog beyond this height. */
const TABLE_MAX_HEIGHT = 360;

type Step =
  | { kind: 'choose'; problem: UserImportFileProblem | 'unreadable' | null }
  | { kind: 'preview'; preview: UserImportPreview }
  | { kind: 'importing'; preview: UserImportPreview; done: number; total: number }
  | { kind: 'report'; outcomes: UserImportOutcome[]; downloaded: boolean };

export interface UserImportModalProps {
  onClose: () => void;
}

/**
 * Import users from a CSV file: choose the file, see every row checked (the rows with problems
 * are never sent), import the rest in batches with a progress bar, then a report of what was
 * created and what was not and why, downloadable as CSV. The report file is the only place the
 * new accounts' temporary passwords appear; they leave the page when the dialog closes.
 * Mounted only while open.
 */
export function UserImportModal({ onClose }: UserImportModalProps) {
  const { t } = useTranslation(namespace);
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose', problem: null });
  const [reading, setReading] = useState(false);
  const importUsers = useMutation(userMutations.adminImport());
  const busy = step.kind === 'importing';

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    importUsers.reset();
    if (!chosen) {
      setStep({ kind: 'choose', problem: null });
      return;
    }
    setReading(true);
    try {
      const parsed = await parseUserCsv(chosen);
      if (!parsed) {
        setStep({ kind: 'choose', problem: 'unreadable' });
        return;
      }
      const preview = previewUserImport(parsed.columns, parsed.records);
      setStep(
        preview.fileProblem
          ? { kind: 'choose', problem: preview.fileProblem }
          : { kind: 'preview', preview },
      );
    } catch {
      setStep({ kind: 'choose', problem: 'unreadable' });
    } finally {
      setReading(false);
    }
  };

  const start = (preview: UserImportPreview) => {
    const users = rowsToSend(preview);
    setStep({ kind: 'importing', preview, done: 0, total: users.length });
    importUsers.mutate(
      {
        users,
        onProgress: (done, total) => setStep({ kind: 'importing', preview, done, total }),
      },
      {
        onSuccess: (results) =>
          setStep({
            kind: 'report',
            outcomes: userImportReport(preview, results),
            downloaded: false,
          }),
        onError: () => setStep({ kind: 'preview', preview }),
      },
    );
  };

  const reasonOf = (outcome: UserImportOutcome): string => {
    if (outcome.status === 'invalid') return describeProblems(outcome.problems, t);
    if (outcome.status === 'failed') return userFailureText(outcome.error, t('form.saveFailed'), t);
    return '';
  };

  const downloadReport = (outcomes: UserImportOutcome[]) => {
    downloadTextFile(
      userImportReportFileName(t, new Date()),
      userImportReportCsv(outcomes, t, reasonOf),
      CSV_CONTENT_TYPE,
    );
    setStep({ kind: 'report', outcomes, downloaded: true });
  };
  // The report is the only place the new accounts' temporary passwords appear: closing before it is
  // downloaded asks first.
  const passwordsAtRisk =
    step.kind === 'report' && !step.downloaded && importSummary(step.outcomes).created > 0;

  const fileProblemText = (problem: UserImportFileProblem | 'unreadable') =>
    problem === 'unreadable'
      ? t('import.unreadable')
      : t(problem.key, {
          ns: 'validation',
          ...(problem.key === 'userImportTooManyRows'
            ? { rows: problem.count, max: problem.max }
            : {}),
          ...(problem.key === 'userImportMissingColumns'
            ? { columns: problem.columns.join(', ') }
            : {}),
        });

  const actions = (() => {
    switch (step.kind) {
      case 'choose':
        return (
          <Group justify="flex-end">
            <FormModalCloseButton>{t('import.cancel')}</FormModalCloseButton>
          </Group>
        );
      case 'preview':
        return (
          <Group justify="flex-end" gap="xs">
            <FormModalCloseButton>{t('import.cancel')}</FormModalCloseButton>
            <Button
              leftSection={<IconUpload size={16} aria-hidden />}
              disabled={step.preview.valid === 0}
              onClick={() => start(step.preview)}
            >
              {t('import.start', { count: step.preview.valid })}
            </Button>
          </Group>
        );
      case 'importing':
        return null;
      case 'report':
        return (
          <Group justify="flex-end" gap="xs">
            <Button
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => downloadReport(step.outcomes)}
            >
              {t('import.download')}
            </Button>
            <FormModalCloseButton variant="filled">{t('import.close')}</FormModalCloseButton>
          </Group>
        );
    }
  })();

  return (
    <FormModal
      title={t('import.title')}
      onClose={onClose}
      dirty={passwordsAtRisk}
      discardPrompt={{
        title: t('import.closeWithoutReport.title'),
        message: t('import.closeWithoutReport.message'),
        confirmLabel: t('import.closeWithoutReport.confirm'),
        cancelLabel: t('import.closeWithoutReport.back'),
      }}
      busy={busy}
      size="xl"
      failure={
        importUsers.error && step.kind === 'preview'
          ? {
              title: t('import.failed'),
              reason: userFailureText(importUsers.error, t('form.saveFailed'), t),
            }
          : null
      }
      actions={actions}
    >
      {step.kind === 'choose' || step.kind === 'preview' ? (
        <Stack gap="sm">
          <Text size="sm">{t('import.intro', { max: USER_IMPORT_MAX_ROWS })}</Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <FileInput
              data-autofocus
              label={t('import.file')}
              placeholder={t('import.filePlaceholder')}
              accept=".csv,text/csv"
              leftSection={<IconFileTypeCsv size={18} aria-hidden />}
              value={file}
              onChange={(chosen) => void choose(chosen)}
              clearable
              style={{ flex: '1 1 16rem' }}
            />
            <Button
              variant="subtle"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() =>
                downloadTextFile(
                  t('import.templateFile'),
                  userImportTemplateCsv(),
                  CSV_CONTENT_TYPE,
                )
              }
            >
              {t('import.template')}
            </Button>
          </Group>
          {reading ? (
            <Text size="sm" c="dimmed" role="status">
              {t('import.reading')}
            </Text>
          ) : null}
          {step.kind === 'choose' && step.problem ? (
            <Alert color="red" variant="light" role="alert" title={t('import.fileRefused')}>
              {fileProblemText(step.problem)}
            </Alert>
          ) : null}
        </Stack>
      ) : null}

      {step.kind === 'preview' ? <ImportPreview preview={step.preview} /> : null}

      {step.kind === 'importing' ? (
        <Stack gap="xs">
          <Progress
            aria-label={t('import.progress')}
            value={step.total === 0 ? 0 : (step.done / step.total) * 100}
            animated
          />
          <Text size="sm" role="status">
            {t('import.progressText', { done: step.done, total: step.total })}
          </Text>
        </Stack>
      ) : null}

      {step.kind === 'report' ? (
        <ImportReport outcomes={step.outcomes} reasonOf={reasonOf} />
      ) : null}
    </FormModal>
  );
}

function ImportPreview({ preview }: { preview: UserImportPreview }) {
  const { t } = useTranslation(namespace);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} role="status">
        {t('import.summary', { valid: preview.valid, invalid: preview.invalid })}
      </Text>
      {preview.valid === 0 ? (
        <Alert color="yellow" variant="light">
          {t('import.nothingToImport')}
        </Alert>
      ) : null}
      <ScrollArea.Autosize mah={TABLE_MAX_HEIGHT} type="auto">
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing={4} fz="sm">
            <Table.Caption>{t('import.previewCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('import.line')}</Table.Th>
                <Table.Th>{t('import.name')}</Table.Th>
                <Table.Th>{t('import.email')}</Table.Th>
                <Table.Th>{t('import.role')}</Table.Th>
                <Table.Th>{t('import.check')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.rows.map((row) => (
                <Table.Tr key={row.line}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td>{`${row.values.first_name} ${row.values.last_name}`.trim()}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{row.values.email}</Table.Td>
                  <Table.Td>{row.values.role}</Table.Td>
                  <Table.Td>
                    {row.problems.length === 0 ? (
                      <Badge color="teal" variant="light">
                        {t('import.ready')}
                      </Badge>
                    ) : (
                      <List size="xs" c="red">
                        {row.problems.map((problem) => (
                          <List.Item key={`${problem.column}-${problem.key}`}>
                            {t(problem.key, {
                              ns: 'validation',
                              max: problem.max,
                              line: problem.line,
                            })}
                          </List.Item>
                        ))}
                      </List>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ScrollArea.Autosize>
    </Stack>
  );
}

function ImportReport({
  outcomes,
  reasonOf,
}: {
  outcomes: readonly UserImportOutcome[];
  reasonOf: (outcome: UserImportOutcome) => string;
}) {
  const { t } = useTranslation(namespace);
  const summary = importSummary(outcomes);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} role="status">
        {t('import.reportSummary', summary)}
      </Text>
      {summary.created > 0 ? (
        <Alert color="blue" variant="light">
          {t('import.passwordsNotice')}
        </Alert>
      ) : null}
      <ScrollArea.Autosize mah={TABLE_MAX_HEIGHT} type="auto">
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing={4} fz="sm">
            <Table.Caption>{t('import.reportCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('import.line')}</Table.Th>
                <Table.Th>{t('import.name')}</Table.Th>
                <Table.Th>{t('import.email')}</Table.Th>
                <Table.Th>{t('import.result')}</Table.Th>
                <Table.Th>{t('import.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outcomes.map((outcome) => (
                <Table.Tr key={outcome.line}>
                  <Table.Td>{outcome.line}</Table.Td>
                  <Table.Td>
                    {`${outcome.values.first_name} ${outcome.values.last_name}`.trim()}
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{outcome.values.email}</Table.Td>
                  <Table.Td>
                    {outcome.status === 'created' ? (
                      <Badge color="teal" variant="light">
                        {t('import.created')}
                      </Badge>
                    ) : (
                      <Badge color="red" variant="light">
                        {t('import.notCreated')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{reasonOf(outcome)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ScrollArea.Autosize>
    </Stack>
  );
}
