import { Avatar, Badge, Box, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@portal/shared-data';
import { messageQueries } from '@portal/shared-data/queries';
import { ErrorBanner, formatDateTime, useLanguage } from '@portal/shared-ui';
import { namespace } from './i18n';
import { personName } from './person-name';

type Props = {
  userId: string;
  search: string;
  selectedId: string | null;
  onSelect: (conversation: Conversation) => void;
};

/** The conversations, newest first, each with the other person, the last message and its unread count. */
export function InboxList({ userId, search, selectedId, onSelect }: Props) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const inbox = useQuery(messageQueries.inbox(userId, search));

  if (inbox.isPending) {
    return (
      <Group gap="xs" p="md" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('loading')}</Text>
      </Group>
    );
  }
  if (inbox.isError) {
    return (
      <ErrorBanner
        message={t('loadFailed')}
        onRetry={() => void inbox.refetch()}
        retryLabel={t('retry')}
        retrying={inbox.isFetching}
      />
    );
  }
  if (inbox.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="md">
        {search.trim() ? t('noResults', { search: search.trim() }) : t('empty')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('inbox')}>
      {inbox.data.map((conversation) => {
        const name = personName(conversation.other, t(`roles.${conversation.other.role}`));
        const last = conversation.lastMessage;
        const preview = last ? last.body.trim() || t('attachmentOnly') : '';
        const selected = conversation.id === selectedId;
        return (
          <li key={conversation.id}>
            <UnstyledButton
              onClick={() => onSelect(conversation)}
              aria-current={selected ? 'true' : undefined}
              data-testid="conversation"
              w="100%"
              p="sm"
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                // A border, not a tint: the dimmed lines keep their contrast on white.
                border: `1px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'transparent'}`,
              }}
            >
              <Group wrap="nowrap" gap="sm" align="flex-start">
                <Avatar src={conversation.other.avatar} alt="" radius="xl" color="secondary">
                  {name.charAt(0).toUpperCase()}
                </Avatar>
                <Box style={{ flex: 1, minWidth: 0 }}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={conversation.unreadCount > 0 ? 700 : 600} truncate>
                      {name}
                    </Text>
                    {conversation.unreadCount > 0 ? (
                      <Badge color="red.9" size="sm" style={{ flexShrink: 0 }}>
                        {t('unread', { count: conversation.unreadCount })}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t(`roles.${conversation.other.role}`)}
                    {last ? ` · ${formatDateTime(last.at, language)}` : ''}
                  </Text>
                  {last ? (
                    <Text size="sm" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
                      {last.mine ? t('you', { text: preview }) : preview}
                    </Text>
                  ) : null}
                </Box>
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
