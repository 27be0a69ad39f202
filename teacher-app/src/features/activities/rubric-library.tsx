import { Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconListCheck, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authAtom, errorMessageKey, rubricBestTotal, type Rubric } from '@portal/shared-data';
import { rubricMutations, rubricQueries } from '@portal/shared-data/queries';
import { ConfirmDialog, EmptyState, ErrorBanner, intlLocale, useLanguage } from '@portal/shared-ui';
import { RubricEditorModal, formatRubricPoints } from './rubric-editor-modal';
import { namespace as rubricNamespace } from './rubric-i18n';

type Editor = { rubric: Rubric | null } | null;

/**
 * The rubric library (the Activities screen's Rubrics view): every rubric of the school, by title;
 * build a new one, edit or delete one's own (an administrator: any). One read.
 */
export function RubricLibrary() {
  const { t } = useTranslation(rubricNamespace);
  const { language } = useLanguage();
  const locale = intlLocale(language);
  const { user } = useAtomValue(authAtom);
  const rubrics = useQuery(rubricQueries.list());
  const [editor, setEditor] = useState<Editor>(null);
  const [deleting, setDeleting] = useState<{ rubric: Rubric; open: boolean } | null>(null);
  const remove = useMutation(rubricMutations.delete());
  const canChange = (rubric: Rubric) => user?.role === 'admin' || rubric.ownerId === user?.id;

  const confirmDelete = async () => {
    if (!deleting) return;
    await remove.mutateAsync(deleting.rubric.id);
    setDeleting((current) => current && { ...current, open: false });
    notifications.show({ color: 'teal', message: t('library.deleted') });
  };
  const openCreate = () => setEditor({ rubric: null });
  const items = rubrics.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 16rem' }}>
          <Title order={2} size="h4">
            {t('library.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('library.intro')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={openCreate}>
          {t('library.create')}
        </Button>
      </Group>

      {rubrics.isError ? (
        <ErrorBanner
          title={t('library.loadError')}
          message={t(errorMessageKey(rubrics.error), { ns: 'errors' })}
          onRetry={() => void rubrics.refetch()}
          retrying={rubrics.isFetching}
        />
      ) : rubrics.isPending ? (
        <Group gap="xs" role="status" aria-label={t('library.loading')} py="xl" justify="center">
          <Loader size="sm" aria-hidden />
          <Text size="sm" c="dimmed">
            {t('library.loading')}
          </Text>
        </Group>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconListCheck aria-hidden />}
          title={t('library.emptyTitle')}
          description={t('library.emptyDescription')}
          action={
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={openCreate}
            >
              {t('library.create')}
            </Button>
          }
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" p={0} m={0}>
          {items.map((rubric) => (
            <Card
              key={rubric.id}
              component="li"
              withBorder
              padding="md"
              style={{ listStyle: 'none' }}
            >
              <Stack gap="xs">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
                    {rubric.title}
                  </Title>
                  <Badge
                    variant="light"
                    color={rubric.ownerId === user?.id ? 'teal' : 'gray'}
                    style={{ flexShrink: 0 }}
                  >
                    {rubric.ownerId === user?.id ? t('library.mine') : t('library.colleague')}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {t('library.summary', {
                    count: rubric.criteria.length,
                    total: formatRubricPoints(rubricBestTotal(rubric.criteria), locale),
                  })}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {rubric.criteria.map((criterion) => criterion.title).join(' · ')}
                </Text>
                {canChange(rubric) ? (
                  <Group gap="xs" justify="flex-end">
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      aria-label={t('library.editLabel', { title: rubric.title })}
                      onClick={() => setEditor({ rubric })}
                    >
                      {t('library.edit')}
                    </Button>
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      aria-label={t('library.deleteLabel', { title: rubric.title })}
                      onClick={() => setDeleting({ rubric, open: true })}
                    >
                      {t('library.delete')}
                    </Button>
                  </Group>
                ) : null}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}

      {editor ? (
        <RubricEditorModal
          editing={editor.rubric}
          onClose={() => setEditor(null)}
          onSaved={(as) => {
            setEditor(null);
            notifications.show({
              color: 'teal',
              message: as === 'created' ? t('library.created') : t('library.updated'),
            });
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting?.open ?? false}
        title={t('library.removeTitle', { title: deleting?.rubric.title ?? '' })}
        message={t('library.removeMessage')}
        confirmLabel={t('library.removeConfirm')}
        danger
        onConfirm={confirmDelete}
        onCancel={() => setDeleting((current) => current && { ...current, open: false })}
        failedTitle={t('library.removeFailed')}
        describeError={(error) => t(errorMessageKey(error), { ns: 'errors' })}
      />
    </Stack>
  );
}
