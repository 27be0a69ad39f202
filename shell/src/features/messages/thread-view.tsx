import { useEffect } from 'react';
import {
  Alert,
  Anchor,
  Avatar,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconPaperclip } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Conversation, Message } from '@portal/shared-data';
import { messageMutations, messageQueries } from '@portal/shared-data/queries';
import { ErrorBanner, formatDateTime, formatFileSize, useLanguage } from '@portal/shared-ui';
import { Composer } from './composer';
import { namespace } from './i18n';
import { personName } from './person-name';

type Props = {
  conversation: Conversation;
  userId: string;
  /** Phones: the Back control to the inbox. */
  onBack?: () => void;
};

/** One conversation: the newest messages at the bottom, "Load older" above, the composer below. */
export function ThreadView({ conversation, userId, onBack }: Props) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const thread = useInfiniteQuery(messageQueries.thread(conversation.id));
  const markRead = useMutation(messageMutations.markRead());
  const link = useMutation(messageMutations.attachmentUrl());
  const name = personName(conversation.other, t(`roles.${conversation.other.role}`));

  // Reading the open thread marks it read, again whenever a new message arrives in it.
  const unread = conversation.unreadCount;
  const newestId = thread.data?.pages[0]?.items[0]?.id;
  const { mutate: mark } = markRead;
  useEffect(() => {
    if (unread > 0 && newestId) mark(conversation.id);
  }, [unread, newestId, conversation.id, mark]);

  // Pages are newest first; on screen the oldest comes first.
  const messages: Message[] = (thread.data?.pages ?? []).flatMap((page) => page.items).reverse();

  const open = (path: string) => {
    link.mutate(path, { onSuccess: (url) => window.open(url, '_blank', 'noopener') });
  };

  return (
    <Stack gap="sm" h="100%">
      <Group gap="sm" wrap="nowrap">
        {onBack ? (
          <Button
            variant="subtle"
            px="xs"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
            onClick={onBack}
          >
            {t('thread.back')}
          </Button>
        ) : null}
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Avatar src={conversation.other.avatar} alt="" radius="xl" color="secondary">
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <Box style={{ minWidth: 0 }}>
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Text size="xs" c="dimmed">
            {t(`roles.${conversation.other.role}`)}
          </Text>
        </Box>
      </Group>

      {thread.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('loading')}</Text>
        </Group>
      ) : thread.isError ? (
        <ErrorBanner
          message={t('thread.loadFailed')}
          onRetry={() => void thread.refetch()}
          retryLabel={t('retry')}
          retrying={thread.isFetching}
        />
      ) : (
        <Stack gap="xs" aria-live="polite" data-testid="thread">
          {thread.hasNextPage ? (
            <Button
              variant="subtle"
              size="xs"
              onClick={() => void thread.fetchNextPage()}
              loading={thread.isFetchingNextPage}
              style={{ alignSelf: 'center' }}
            >
              {t('thread.loadOlder')}
            </Button>
          ) : null}
          {messages.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('thread.empty')}
            </Text>
          ) : null}
          {messages.map((message) => {
            const mine = message.senderId === userId;
            return (
              <Paper
                key={message.id}
                withBorder
                p="xs"
                radius="md"
                maw="85%"
                style={{
                  alignSelf: mine ? 'flex-end' : 'flex-start',
                  // One's own in the primary colour's border, not a tint (the dimmed line keeps its contrast).
                  borderColor: mine ? 'var(--mantine-primary-color-filled)' : undefined,
                }}
                data-testid="message"
              >
                {message.body ? (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {message.body}
                  </Text>
                ) : null}
                {message.attachment ? (
                  <Group gap={4} wrap="nowrap">
                    <IconPaperclip size={14} aria-hidden />
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => open(message.attachment!.path)}
                      aria-label={t('thread.download', { name: message.attachment.name })}
                      style={{ overflowWrap: 'anywhere', textAlign: 'start' }}
                    >
                      {message.attachment.name} ({formatFileSize(message.attachment.size, language)}
                      )
                    </Anchor>
                  </Group>
                ) : null}
                <Text size="xs" c="dimmed" mt={2}>
                  {t('thread.sentBy', {
                    name: mine ? t('me') : name,
                    when: formatDateTime(message.createdAt, language),
                  })}
                </Text>
              </Paper>
            );
          })}
        </Stack>
      )}
      {link.isError ? (
        <Alert color="red" variant="light" role="alert" p="xs">
          {t('thread.downloadFailed')}
        </Alert>
      ) : null}

      {conversation.canWrite ? (
        <Composer key={conversation.id} conversationId={conversation.id} userId={userId} />
      ) : (
        <Alert color="gray" variant="light">
          {t('thread.readOnly')}
        </Alert>
      )}
    </Stack>
  );
}
