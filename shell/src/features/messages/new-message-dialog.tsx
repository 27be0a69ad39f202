import { Select, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@portal/shared-data';
import { messageMutations, messageQueries, toServiceError } from '@portal/shared-data/queries';
import { ErrorBanner, FormModal } from '@portal/shared-ui';
import { namespace } from './i18n';
import { personName } from './person-name';

type Props = {
  onClose: () => void;
  /** The conversation started (or found) with the chosen person. */
  onStarted: (conversationId: string) => void;
};

/** "New message": one of the people the caller may write to (one request), then their conversation. */
export function NewMessageDialog({ onClose, onStarted }: Props) {
  const { t } = useTranslation(namespace);
  const contacts = useQuery(messageQueries.contacts());
  const start = useMutation(messageMutations.start());
  const form = useForm<{ personId: string | null }>({
    initialValues: { personId: null },
    validate: { personId: (value) => (value ? null : t('start.required')) },
  });

  const options = (contacts.data ?? []).map((person) => ({
    value: person.id,
    label: `${personName(person, t(`roles.${person.role}`))} · ${t(`roles.${person.role}`)}`,
  }));

  return (
    <FormModal
      title={t('start.title')}
      onClose={onClose}
      dirty={false}
      busy={start.isPending}
      size="md"
      onSubmit={form.onSubmit(({ personId }) => {
        if (personId) start.mutate(personId, { onSuccess: onStarted });
      })}
      failure={
        start.isError
          ? { reason: t(errorMessageKey(toServiceError(start.error)), { ns: 'errors' }) }
          : null
      }
      submitLabel={t('start.submit')}
      cancelLabel={t('start.cancel')}
      submitDisabled={!contacts.isSuccess || options.length === 0}
    >
      {contacts.isError ? (
        <ErrorBanner
          message={t('start.loadFailed')}
          onRetry={() => void contacts.refetch()}
          retryLabel={t('retry')}
          retrying={contacts.isFetching}
        />
      ) : contacts.isSuccess && options.length === 0 ? (
        <Text size="sm">{t('start.nobody')}</Text>
      ) : (
        <Select
          data-autofocus
          label={t('start.person')}
          placeholder={t('start.placeholder')}
          data={options}
          searchable
          nothingFoundMessage={t('start.noMatch')}
          disabled={!contacts.isSuccess}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('personId')}
        />
      )}
    </FormModal>
  );
}
