import { Alert } from '@mantine/core';
import { errorMessageKey, errorMessageValues, type ServiceError } from '@portal/shared-data';
import { useTranslation } from 'react-i18next';

/**
 * A failed auth call under the form's lead-in title. The text comes from the error's code
 * ('Invalid login credentials', 'User already registered', rate limits…) in the user's language,
 * never the provider's own message; a lockout says how many minutes the server asks to wait.
 */
export function ServerError({ title, error }: { title: string; error: ServiceError | null }) {
  const { t } = useTranslation('errors');
  if (!error) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      {t(errorMessageKey(error), errorMessageValues(error))}
    </Alert>
  );
}
