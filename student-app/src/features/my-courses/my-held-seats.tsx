import { Anchor, Card, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorBanner, SeatHoldNotice, seatHoldNamespace } from '@portal/shared-ui';
import { authAtom, courseDetailState, errorMessageKey, paths } from '@portal/shared-data';
import { useMySeatHolds } from '@portal/shared-data/queries';

/**
 * My Courses: the seats held for the student's payment (docs/money.md "Payment before the seat"), each
 * with until when, Pay by card (when the school takes cards) and Billing, in one request. Shown only
 * while the student has a held seat (or the read failed): a held seat is not a course of theirs yet.
 */
export function MyHeldSeats() {
  const { t } = useTranslation(seatHoldNamespace);
  const { user } = useAtomValue(authAtom);
  const titleId = useId();
  const seats = useMySeatHolds(user?.role === 'student' ? user.id : undefined);
  const { holds } = seats;
  const describeError = (error: unknown) => t(errorMessageKey(error), { ns: 'errors' });

  if (!holds.isError && !holds.data?.length) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('sectionTitle')}
      </Title>
      {holds.isError ? (
        <ErrorBanner
          title={t('sectionLoadError')}
          message={describeError(holds.error)}
          onRetry={() => void holds.refetch()}
          retrying={holds.isFetching}
        />
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {(holds.data ?? []).map((hold) => (
            <Card key={hold.id} component="li" withBorder padding="md">
              <Stack gap="xs">
                <Anchor
                  component={Link}
                  to={paths.courseDetail(hold.courseId)}
                  state={courseDetailState(paths.myCourses)}
                  fw={600}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {hold.courseTitle}
                </Anchor>
                <div style={{ maxWidth: '24rem' }}>
                  <SeatHoldNotice
                    heldUntil={hold.heldUntil}
                    timeZone={hold.timeZone}
                    amountDue={hold.amountDue}
                    currency={hold.currency}
                    billingHref={paths.billing}
                    onPayByCard={
                      seats.cardAvailable && hold.invoiceId && hold.amountDue > 0
                        ? () =>
                            seats.payByCard(hold).catch((error: unknown) =>
                              notifications.show({
                                color: 'red',
                                message: t('payFailed', { message: describeError(error) }),
                              }),
                            )
                        : undefined
                    }
                    paying={seats.payingId === hold.id}
                  />
                </div>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
