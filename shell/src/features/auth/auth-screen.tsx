import { useState } from 'react';
import { Box } from '@mantine/core';
import { authService } from '@portal/shared-data';
import { usePageTitle } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from './auth-layout';
import { ForgotPasswordForm } from './forgot-password-form';
import { EmailCorrectionNotice } from './email-correction-notice';
import { IdleSignOutNotice } from './idle-sign-out-notice';
import { namespace } from './i18n';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type View = { name: 'signIn' } | { name: 'signUp' } | { name: 'forgot'; email: string };

/** Begins the auth client's download once; the page paints without it (shared-data client.ts). */
const prepareAuthClient = () => authService.prepare();

/**
 * /auth: sign in, sign up and "forgot password" on one page, beside the marketing panel. The auth
 * client (supabase-js) starts to load when the visitor reaches for a form (pointer over it, a tap, a
 * field focused), well before they can send it; a send before it has loaded waits for it.
 */
export default function AuthScreen() {
  const [view, setView] = useState<View>({ name: 'signIn' });
  const { t } = useTranslation(namespace);
  usePageTitle(t(`pageTitle.${view.name}`));
  return (
    <AuthLayout>
      <IdleSignOutNotice />
      <EmailCorrectionNotice />
      <Box
        onPointerEnter={prepareAuthClient}
        onPointerDownCapture={prepareAuthClient}
        onFocusCapture={prepareAuthClient}
      >
        {view.name === 'signIn' && (
          <SignInForm
            onForgotPassword={(email) => setView({ name: 'forgot', email })}
            onSignUp={() => setView({ name: 'signUp' })}
          />
        )}
        {view.name === 'signUp' && <SignUpForm onSignIn={() => setView({ name: 'signIn' })} />}
        {view.name === 'forgot' && (
          <ForgotPasswordForm
            initialEmail={view.email}
            onBack={() => setView({ name: 'signIn' })}
          />
        )}
      </Box>
    </AuthLayout>
  );
}
