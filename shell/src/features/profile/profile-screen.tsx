import { Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconPencil } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  authAtom,
  errorMessageKey,
  profileUpdatedWriteAtom,
  type AppUser,
} from '@portal/shared-data';
import { userQueries } from '@portal/shared-data/queries';
import { ErrorBanner, RoleBadge, formatDate, useLanguage } from '@portal/shared-ui';
import { ChangePasswordModal } from './change-password-modal';
import { namespace } from './i18n';
import { ProfileAvatar } from './profile-avatar';
import { ProfileFormModal } from './profile-form-modal';
import { NotificationPreferencesSection } from './notification-preferences-section';
import { TwoFactorSection } from './two-factor-section';

type Dialog = 'edit' | 'password' | null;

const WRAP = { overflowWrap: 'anywhere' } as const;

/**
 * /profile (every role): the signed-in user's card, photo and personal fields, read afresh from the
 * database; Edit profile and Change password open their dialogs. Whatever is saved goes into the
 * session at once, so the sidebar shows the new name and photo without a reload. The page's title
 * and h1 come from the shell's guarded page.
 */
export default function ProfileScreen() {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const { user: sessionUser } = useAtomValue(authAtom);
  const setProfile = useSetAtom(profileUpdatedWriteAtom);
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const profile = useQuery({
    ...userQueries.profile(sessionUser?.id ?? ''),
    enabled: sessionUser !== null,
  });

  // A profile changed elsewhere (another tab, an administrator) reaches the sidebar too.
  useEffect(() => {
    if (profile.data) setProfile(profile.data);
  }, [profile.data, setProfile]);

  if (!sessionUser) return null;
  if (profile.isPending) {
    return (
      <Center py="xl">
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm" c="dimmed">
            {t('loading')}
          </Text>
        </Group>
      </Center>
    );
  }
  if (profile.isError) {
    return (
      <ErrorBanner
        title={t('loadFailed')}
        message={t(errorMessageKey(profile.error), { ns: 'errors' })}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  }

  // The session's copy stands in if the row cannot be read back (it always exists for the owner).
  const user = profile.data ?? sessionUser;
  // The saved profile shows here and in the sidebar at once; the mutation's invalidation then reads
  // it again.
  const saved = (next: AppUser) => {
    queryClient.setQueryData(userQueries.profile(next.id).queryKey, next);
    setProfile(next);
  };
  const fields = [
    ['firstName', user.firstName],
    ['lastName', user.lastName],
    ['email', user.email],
    ['phone', user.phone],
    ['location', user.location],
    ['bio', user.bio],
  ] as const;

  return (
    <Stack maw={900}>
      <Card withBorder padding="lg" radius="md">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <ProfileAvatar user={user} onChanged={saved} />
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Title order={2} size="h3" style={WRAP}>
              {user.firstName} {user.lastName}
            </Title>
            <Text c="dimmed" style={WRAP}>
              {user.email}
            </Text>
            <Group gap="xs">
              <RoleBadge role={user.role} />
              <Text size="sm" c="dimmed">
                {t('joined', { date: formatDate(user.createdAt, language) })}
              </Text>
            </Group>
          </Stack>
        </Group>
      </Card>

      <Card withBorder padding="lg" radius="md">
        <Group justify="space-between" mb="md" gap="sm">
          <Title order={2} size="h4">
            {t('personal')}
          </Title>
          <Button
            variant="light"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setDialog('edit')}
          >
            {t('edit.open')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
          {fields.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" c="dimmed">
                {t(label)}
              </Text>
              <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap', ...WRAP }}>
                {value || t('notProvided')}
              </Text>
              {label === 'email' ? (
                <Text component="dd" m={0} size="xs" c="dimmed">
                  {t('emailHint')}
                </Text>
              ) : null}
            </div>
          ))}
        </SimpleGrid>
      </Card>

      <Card withBorder padding="lg" radius="md">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4">
            {t('password.section')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('password.description')}
          </Text>
          <Button
            variant="light"
            leftSection={<IconKey size={16} aria-hidden />}
            onClick={() => setDialog('password')}
          >
            {t('password.open')}
          </Button>
        </Stack>
      </Card>

      <TwoFactorSection />

      <NotificationPreferencesSection />

      {dialog === 'edit' ? (
        <ProfileFormModal
          user={user}
          onClose={() => setDialog(null)}
          onSaved={(next) => {
            saved(next);
            setDialog(null);
            notifications.show({ color: 'teal', message: t('edit.saved') });
          }}
        />
      ) : null}
      {dialog === 'password' ? (
        <ChangePasswordModal
          email={user.email}
          onClose={() => setDialog(null)}
          onChanged={() => {
            setDialog(null);
            notifications.show({ color: 'teal', message: t('password.updated') });
          }}
        />
      ) : null}
    </Stack>
  );
}
