import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@portal/shared-data';
import { officeBillingQueries } from '@portal/shared-data/queries';
import { ErrorBanner, formatDateTime, useLanguage, wrappingTitle } from '@portal/shared-ui';
import { namespace } from './i18n';

/**
 * The back of a course card, under its students: the seats held for their payment (docs/money.md
 * "Payment before the seat"), marked as such, each with its student, its end and its invoice. They
 * take places but the students are not enrolled until they pay. Nothing when there are none.
 */
export function HeldSeats({ courseId }: { courseId: string }) {
  const { t } = useTranslation(namespace);
  const { language } = useLanguage();
  const titleId = useId();
  const holds = useQuery(officeBillingQueries.courseSeatHolds(courseId));
  if (holds.isError) {
    return (
      <ErrorBanner
        title={t('heldSeats.error')}
        message={t(errorMessageKey(holds.error), { ns: 'errors' })}
        onRetry={() => void holds.refetch()}
        retrying={holds.isFetching}
      />
    );
  }
  if (!holds.data?.length) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={4} size="h6" id={titleId}>
        {t('heldSeats.title', { count: holds.data.length })}
      </Title>
      <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {holds.data.map((hold) => (
          <Group key={hold.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={500} style={wrappingTitle}>
                {hold.studentName || t('unknownPerson', { ns: 'common' })}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {hold.invoiceNumber
                  ? t('heldSeats.untilWithInvoice', {
                      when: formatDateTime(hold.heldUntil, language),
                      number: hold.invoiceNumber,
                    })
                  : t('heldSeats.until', { when: formatDateTime(hold.heldUntil, language) })}
              </Text>
            </Stack>
            <Badge variant="light" color="blue" style={{ flexShrink: 0 }}>
              {t('heldSeats.badge')}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
