import { Avatar, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { RoleBadge } from '@portal/shared-ui';
import { authAtom } from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import { namespace } from './i18n';

/** /profile: the signed-in user's card and personal fields (read view). */
export default function ProfileScreen() {
  const { t, i18n } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  if (!user) return null;
  const joined = new Date(user.createdAt).toLocaleDateString(i18n.language, { dateStyle: 'long' });
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
        <Group wrap="nowrap">
          <Avatar src={user.avatar} size={72} radius="xl" color="indigo">
            {`${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase()}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {user.firstName} {user.lastName}
            </Title>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
            <Group gap="xs">
              <RoleBadge role={user.role} />
              <Text size="sm" c="dimmed">
                {t('joined', { date: joined })}
              </Text>
            </Group>
          </Stack>
        </Group>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <Title order={3} size="h4" mb="md">
          {t('personal')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
          {fields.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" c="dimmed">
                {t(label)}
              </Text>
              <Text
                component="dd"
                m={0}
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {value || t('notProvided')}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
