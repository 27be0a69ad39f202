import { useLayoutEffect, useState } from 'react';
import { Box } from '@mantine/core';
import { authService } from '@portal/shared-data';
import { usePageTitle } from '@portal/shared-ui';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from './auth-layout';
import { ForgotPasswordForm } from './forgot-password-form';
import { IdleSignOutNotice } from './idle-sign-out-notice';
import { namespace } from './i18n';
import { takeSignInHandover, type SignInHandover } from '../../prerender/handover';
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
  // The built copy of this page the visitor may have used while the app loaded (src/prerender/handover.ts).
  const [handover, setHandover] = useState<SignInHandover | null>(null);
  const { t } = useTranslation(namespace);
  usePageTitle(t(`pageTitle.${view.name}`));
  // At commit, before paint: what was typed up to this moment is kept, and the copy leaves in the
  // frame this page arrives in.
  useLayoutEffect(() => {
    const taken = takeSignInHandover();
    if (!taken) return;
    setHandover(taken);
    if (taken.view === 'signUp') setView({ name: 'signUp' });
    if (taken.view === 'forgot') setView({ name: 'forgot', email: taken.values.email });
  }, []);
  return (
    <AuthLayout>
      <IdleSignOutNotice />
      <Box
        onPointerEnter={prepareAuthClient}
        onPointerDownCapture={prepareAuthClient}
        onFocusCapture={prepareAuthClient}
      >
        {view.name === 'signIn' && (
          <SignInForm
            // Mounted afresh with the copy's values when they arrive.
            key={handover ? 'handover' : 'start'}
            handover={handover}
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
