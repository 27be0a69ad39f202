import { ActionIcon, Alert, Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPaperclip, IconSend, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  MESSAGE_MAX_LENGTH,
  SUBMISSION_MAX_BYTES,
  errorMessageKey,
  submissionFileProblems,
} from '@portal/shared-data';
import { messageMutations, toServiceError } from '@portal/shared-data/queries';
import { formatFileSize, useLanguage } from '@portal/shared-ui';
import { namespace } from './i18n';

type Values = { body: string; file: File | null };

/**
 * Writes and sends one message: text, a file or both (the file under the submissions' type and size
 * rules, checked here first and again by the bucket). A refused send keeps the text and the file and
 * says why in the user's language.
 */
export function Composer({ conversationId, userId }: { conversationId: string; userId: string }) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const send = useMutation(messageMutations.send());
  const form = useForm<Values>({
    initialValues: { body: '', file: null },
    validate: {
      body: (body, values) => {
        if (body.trim() === '' && !values.file) return t('composer.empty');
        if ([...body.trim()].length > MESSAGE_MAX_LENGTH)
          return t('composer.tooLong', { max: MESSAGE_MAX_LENGTH });
        return null;
      },
      file: (file) => {
        const problem = file ? submissionFileProblems([file])[0] : undefined;
        if (!problem) return null;
        return problem.kind === 'tooLarge'
          ? t('composer.fileTooLarge', { size: formatFileSize(SUBMISSION_MAX_BYTES, language) })
          : t('composer.fileType');
      },
    },
  });

  const submit = form.onSubmit((values) => {
    send.mutate(
      { conversationId, senderId: userId, body: values.body, file: values.file },
      { onSuccess: () => form.reset() },
    );
  });
  const file = form.values.file;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        {send.isError ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {t('composer.failed', {
              reason: t(errorMessageKey(toServiceError(send.error)), { ns: 'errors' }),
            })}
          </Alert>
        ) : null}
        <Textarea
          label={t('composer.label')}
          placeholder={t('composer.placeholder')}
          rows={3}
          {...form.getInputProps('body')}
          onKeyDown={(event) => {
            // Ctrl/⌘ + Enter sends; Enter alone is a new line.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              submit();
            }
          }}
        />
        {file ? (
          <Group gap="xs" wrap="nowrap">
            <IconPaperclip size={16} aria-hidden />
            <Text size="sm" truncate style={{ minWidth: 0 }}>
              {file.name} ({formatFileSize(file.size, language)})
            </Text>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('composer.removeFile', { name: file.name })}
              onClick={() => form.setFieldValue('file', null)}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ) : null}
        {form.errors.file ? (
          <Text size="sm" c="red.8" role="alert">
            {form.errors.file}
          </Text>
        ) : null}
        <Group justify="space-between" gap="xs">
          <FileButton
            onChange={(chosen) => {
              form.setFieldValue('file', chosen);
              // Say at once when the file would be refused (the form keeps it until it is removed).
              window.setTimeout(() => form.validateField('file'), 0);
            }}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconPaperclip size={16} aria-hidden />}
                disabled={send.isPending}
              >
                {t('composer.attach')}
              </Button>
            )}
          </FileButton>
          {/* On a narrow screen Send may wrap below Attach ("Adjuntar un archivo" is long): its
              automatic start margin keeps it at the end of whichever line it is on. */}
          <Button
            type="submit"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={send.isPending}
            style={{ marginLeft: 'auto' }}
          >
            {t('composer.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
