import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId, useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LARGE_LIST_LIMIT,
  MANUAL_INVOICE_DESCRIPTION_MAX,
  MANUAL_INVOICE_MAX_LINES,
  errorMessageKey,
  manualInvoicePreview,
  moneyErrorOf,
  toManualInvoiceInput,
  validateManualInvoiceForm,
  type ManualInvoiceFormValues,
  type ManualInvoiceLineValues,
} from '@portal/shared-data';
import {
  billingQueries,
  courseQueries,
  officeBillingMutations,
  toServiceError,
  userQueries,
} from '@portal/shared-data/queries';
import { ErrorBanner, FormModal, translateErrors, useLanguage } from '@portal/shared-ui';
import { namespace } from './i18n';
import { formatMoney, moneyFailureText } from './money';

/** How long typing pauses before a search runs. */
const SEARCH_DEBOUNCE_MS = 300;

export interface NewInvoiceModalProps {
  onClose: () => void;
  /** The invoice the database issued (the screen opens it in the drawer). */
  onIssued: (invoiceId: string) => void;
}

type Option = { value: string; label: string };

const emptyLine = (): ManualInvoiceLineValues => ({
  key: randomId(),
  description: '',
  quantity: 1,
  unitPrice: '',
  discount: '',
});

/**
 * A searchable pick searched on the server: one request per search (debounced), the chosen option
 * kept when a later search no longer lists it, and its own label never sent as a search.
 */
function useServerSearch(chosen: Option | null) {
  const [search, setSearch] = useState('');
  const typed = search.trim();
  const [term] = useDebouncedValue(typed === chosen?.label ? '' : typed, SEARCH_DEBOUNCE_MS);
  const withChosen = (found: Option[]) =>
    chosen && !found.some((option) => option.value === chosen.value) ? [chosen, ...found] : found;
  return { search, setSearch, term: term || undefined, withChosen };
}

/**
 * New invoice (the office; docs/money.md "Screens: the office"): a student, optionally a course, one
 * to fifty lines (description, quantity, unit price, discount) and a live preview computed as the
 * database will; the database issues it (numbering, snapshot, totals) and the drawer then shows its
 * own figures. A refusal is shown translated and everything typed stays.
 */
export function NewInvoiceModal({ onClose, onIssued }: NewInvoiceModalProps) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const issue = useMutation(officeBillingMutations.issueInvoice());
  const settings = useQuery(billingQueries.settings());
  const currency = settings.data?.currency ?? '';
  const taxRate = settings.data?.taxRate;
  const money = (amount: number) => formatMoney(amount, currency, language);
  const [student, setStudent] = useState<Option | null>(null);
  const [course, setCourse] = useState<Option | null>(null);

  const form = useForm<ManualInvoiceFormValues>({
    mode: 'controlled',
    initialValues: { studentId: null, courseId: null, lines: [emptyLine()] },
    validate: (values) => {
      const preview = manualInvoicePreview(values.lines, 0);
      return translateErrors(validateManualInvoiceForm(values), t, (field) => {
        const index = Number(/^lines\.(\d+)\./.exec(field)?.[1] ?? -1);
        if (field.endsWith('.discount')) return { max: money(preview.lines[index]?.gross ?? 0) };
        if (field.endsWith('.description')) return { max: MANUAL_INVOICE_DESCRIPTION_MAX };
        if (field === 'lines') return { max: MANUAL_INVOICE_MAX_LINES };
        return {};
      });
    },
  });

  const studentSearch = useServerSearch(student);
  const students = useQuery(
    userQueries.list({
      role: 'student',
      search: studentSearch.term,
      sortBy: 'name',
      sortOrder: 'asc',
      page: 1,
      limit: LARGE_LIST_LIMIT,
    }),
  );
  const studentOptions = studentSearch.withChosen(
    (students.data?.items ?? []).map((person) => ({
      value: person.id,
      label: `${`${person.firstName} ${person.lastName}`.trim() || person.email} · ${person.email}`,
    })),
  );

  const courseSearch = useServerSearch(course);
  const courses = useQuery(
    courseQueries.list({
      search: courseSearch.term,
      sortBy: 'title',
      sortOrder: 'asc',
      page: 1,
      limit: LARGE_LIST_LIMIT,
    }),
  );
  const courseOptions = courseSearch.withChosen(
    (courses.data?.items ?? []).map((each) => ({ value: each.id, label: each.title })),
  );

  const preview = manualInvoicePreview(form.values.lines, taxRate ?? 0);
  const lines = form.values.lines;

  const submit = form.onSubmit((values) => {
    issue.mutate(toManualInvoiceInput(values), {
      onSuccess: ({ invoiceId }) => {
        notifications.show({
          color: 'teal',
          message: t('newInvoice.issued', { name: student?.label.split(' · ')[0] ?? '' }),
        });
        onIssued(invoiceId);
      },
    });
  });

  const failureReason = (error: unknown) => {
    const code = moneyErrorOf(toServiceError(error).details);
    return code === 'notFound' || code === 'invalidDocument'
      ? t(`newInvoice.errors.${code}`)
      : moneyFailureText(error, t);
  };

  const pick =
    (field: 'studentId' | 'courseId', options: Option[], keep: (option: Option | null) => void) =>
    (value: string | null) => {
      keep(options.find((option) => option.value === value) ?? null);
      form.setFieldValue(field, value);
    };

  return (
    <FormModal
      title={t('newInvoice.title')}
      onClose={onClose}
      dirty={form.isDirty()}
      busy={issue.isPending}
      onSubmit={submit}
      submitLabel={t('newInvoice.submit')}
      failure={
        issue.error
          ? {
              title: t('newInvoice.failed'),
              reason: failureReason(issue.error),
              notice: t('keptNotice'),
            }
          : null
      }
    >
      <Select
        data-autofocus
        openOnFocus={false}
        label={t('newInvoice.student')}
        placeholder={t('newInvoice.studentPlaceholder')}
        withAsterisk
        searchable
        clearable
        data={studentOptions}
        searchValue={studentSearch.search}
        onSearchChange={studentSearch.setSearch}
        // The server has searched already (full names too); do not filter its answer again.
        filter={({ options }) => options}
        nothingFoundMessage={
          students.isFetching ? t('newInvoice.searching') : t('newInvoice.noneFound')
        }
        disabled={issue.isPending}
        {...form.getInputProps('studentId')}
        onChange={pick('studentId', studentOptions, setStudent)}
        error={
          form.errors.studentId ??
          (students.isError ? t(errorMessageKey(students.error), { ns: 'errors' }) : undefined)
        }
      />
      <Select
        openOnFocus={false}
        label={t('newInvoice.course')}
        description={t('newInvoice.courseHint')}
        placeholder={t('newInvoice.coursePlaceholder')}
        searchable
        clearable
        data={courseOptions}
        searchValue={courseSearch.search}
        onSearchChange={courseSearch.setSearch}
        filter={({ options }) => options}
        nothingFoundMessage={
          courses.isFetching ? t('newInvoice.searching') : t('newInvoice.noneFound')
        }
        disabled={issue.isPending}
        {...form.getInputProps('courseId')}
        onChange={pick('courseId', courseOptions, setCourse)}
        error={courses.isError ? t(errorMessageKey(courses.error), { ns: 'errors' }) : undefined}
      />

      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('newInvoice.lines')}
        </Title>
        {lines.map((line, index) => {
          const amount = preview.lines[index]?.amount;
          return (
            <Fieldset
              key={line.key}
              legend={t('newInvoice.line', { n: index + 1 })}
              p="sm"
              disabled={issue.isPending}
            >
              <Group align="flex-start" gap="xs" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('newInvoice.description')}
                  withAsterisk
                  maxLength={MANUAL_INVOICE_DESCRIPTION_MAX}
                  {...form.getInputProps(`lines.${index}.description`)}
                />
                {lines.length > 1 ? (
                  <ActionIcon
                    mt={26}
                    variant="subtle"
                    color="red"
                    aria-label={t('newInvoice.removeLine', { n: index + 1 })}
                    onClick={() => form.removeListItem('lines', index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                ) : null}
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" mt="xs">
                <NumberInput
                  label={t('newInvoice.quantity')}
                  withAsterisk
                  min={0}
                  hideControls
                  {...form.getInputProps(`lines.${index}.quantity`)}
                />
                <NumberInput
                  label={t('newInvoice.unitPrice', { currency })}
                  withAsterisk
                  min={0}
                  hideControls
                  {...form.getInputProps(`lines.${index}.unitPrice`)}
                />
                <NumberInput
                  label={t('newInvoice.discount', { currency })}
                  description={t('newInvoice.discountHint')}
                  min={0}
                  hideControls
                  {...form.getInputProps(`lines.${index}.discount`)}
                />
              </SimpleGrid>
              <Text size="sm" mt="xs" ta="right">
                {amount === null || amount === undefined
                  ? t('newInvoice.lineIncomplete')
                  : t('newInvoice.lineAmount', { amount: money(amount) })}
              </Text>
            </Fieldset>
          );
        })}
        {form.errors.lines ? (
          <Text size="sm" c="red.8" role="alert">
            {form.errors.lines}
          </Text>
        ) : null}
        <Group justify="space-between" gap="xs">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => form.insertListItem('lines', emptyLine())}
            disabled={issue.isPending || lines.length >= MANUAL_INVOICE_MAX_LINES}
          >
            {t('newInvoice.addLine')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('newInvoice.linesLimit', { max: MANUAL_INVOICE_MAX_LINES })}
          </Text>
        </Group>
      </Stack>

      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('newInvoice.preview')}
        </Title>
        {settings.isError ? (
          <ErrorBanner
            title={t('newInvoice.settingsError')}
            message={t(errorMessageKey(settings.error), { ns: 'errors' })}
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        ) : null}
        <Text size="xs" c="dimmed">
          {preview.net === null ? t('newInvoice.previewIncomplete') : t('newInvoice.previewHint')}
        </Text>
        <Table withTableBorder variant="vertical" layout="fixed" fz="sm">
          <Table.Tbody>
            {(
              [
                ['net', preview.net],
                ['tax', taxRate === undefined ? null : preview.tax],
                ['total', taxRate === undefined ? null : preview.total],
              ] as const
            ).map(([key, amount]) => (
              <Table.Tr key={key}>
                <Table.Th scope="row" w="50%">
                  {key === 'tax'
                    ? t('newInvoice.tax', { rate: taxRate ?? '—' })
                    : t(`newInvoice.${key}`)}
                </Table.Th>
                <Table.Td ta="right" fw={key === 'total' ? 700 : undefined}>
                  {amount === null ? '—' : money(amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </FormModal>
  );
}
