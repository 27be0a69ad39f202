import { useState } from 'react';
import { usePageTitle } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from './auth-layout';
import { ForgotPasswordForm } from './forgot-password-form';
import { IdleSignOutNotice } from './idle-sign-out-notice';
import { namespace } from './i18n';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type View = { name: 'signIn' } | { name: 'signUp' } | { name: 'forgot'; email: string };

/** /auth: sign in, sign up and "forgot password" on one page, beside the marketing panel. */
export default function AuthScreen() {
  const [view, setView] = useState<View>({ name: 'signIn' });
  const { t } = useTranslation(namespace);
  usePageTitle(t(`pageTitle.${view.name}`));
  return (
    <AuthLayout>
      <IdleSignOutNotice />
      {view.name === 'signIn' && (
        <SignInForm
          onForgotPassword={(email) => setView({ name: 'forgot', email })}
          onSignUp={() => setView({ name: 'signUp' })}
        />
      )}
      {view.name === 'signUp' && <SignUpForm onSignIn={() => setView({ name: 'signIn' })} />}
      {view.name === 'forgot' && (
        <ForgotPasswordForm initialEmail={view.email} onBack={() => setView({ name: 'signIn' })} />
      )}
    </AuthLayout>
  );
}
