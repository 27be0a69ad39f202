import { useState } from 'react';
import { Button, Grid, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconPencilPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { authAtom } from '@portal/shared-data';
import { CONVERSATION_PARAM } from '@portal/shared-data/paths';
import { messageQueries } from '@portal/shared-data/queries';
import { InboxList } from './inbox-list';
import { NewMessageDialog } from './new-message-dialog';
import { ThreadView } from './thread-view';
import { namespace } from './i18n';

/** Below Mantine's `sm` breakpoint the inbox and the thread are shown one at a time. */
const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * Messages, for every role (docs/messages.md): the inbox with search and New message beside the open
 * conversation; on phones one at a time, with Back. The open conversation is in the address
 * (`?conversation=<id>`), so a notification's link opens it and Back in the browser returns.
 */
export default function MessagesScreen() {
  const { t } = useTranslation(namespace);
  const userId = useAtomValue(authAtom).user?.id ?? '';
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [params, setParams] = useSearchParams();
  const selectedId = params.get(CONVERSATION_PARAM);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [starting, setStarting] = useState(false);

  // The open conversation comes from the unsearched inbox, so a search never closes it.
  const inbox = useQuery({ ...messageQueries.inbox(userId), enabled: Boolean(userId) });
  const selected = inbox.data?.find((conversation) => conversation.id === selectedId) ?? null;

  const select = (conversationId: string | null) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (conversationId) next.set(CONVERSATION_PARAM, conversationId);
        else next.delete(CONVERSATION_PARAM);
        return next;
      },
      { replace: false },
    );
  };

  const list = (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <TextInput
          style={{ flex: 1, minWidth: 180 }}
          aria-label={t('search')}
          placeholder={t('search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          type="search"
        />
        <Button
          leftSection={<IconPencilPlus size={16} aria-hidden />}
          onClick={() => setStarting(true)}
        >
          {t('newMessage')}
        </Button>
      </Group>
      <InboxList
        userId={userId}
        search={debounced}
        selectedId={selectedId}
        onSelect={(conversation) => select(conversation.id)}
      />
    </Stack>
  );

  const thread = selected ? (
    <ThreadView
      key={selected.id}
      conversation={selected}
      userId={userId}
      onBack={phone ? () => select(null) : undefined}
    />
  ) : (
    <Text size="sm" c="dimmed">
      {t('thread.choose')}
    </Text>
  );

  return (
    <>
      {phone ? (
        <Paper withBorder p="sm" radius="md">
          {selected ? thread : list}
        </Paper>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 5, lg: 4 }}>
            <Paper withBorder p="sm" radius="md">
              {list}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7, lg: 8 }}>
            <Paper withBorder p="md" radius="md">
              {thread}
            </Paper>
          </Grid.Col>
        </Grid>
      )}
      {starting ? (
        <NewMessageDialog
          onClose={() => setStarting(false)}
          onStarted={(conversationId) => {
            setStarting(false);
            select(conversationId);
          }}
        />
      ) : null}
    </>
  );
}
