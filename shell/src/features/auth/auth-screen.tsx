import { useLayoutEffect, useState } from 'react';
import { Box } from '@mantine/core';
import { authService } from '@portal/shared-data';
import { currentLanguage, isSupportedLanguage, setLanguage, usePageTitle } from '@portal/shared-ui';
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
  // The built copy of this page the visitor may have used while the app loaded
  // (src/prerender/handover.ts): the sign-in form's first mount only.
  const [handover, setHandover] = useState<SignInHandover | null>(null);
  const { t } = useTranslation(namespace);
  usePageTitle(t(`pageTitle.${view.name}`));
  // At commit, before paint: what was typed up to this moment is kept, and the copy leaves in the
  // frame this page arrives in.
  useLayoutEffect(() => {
    const taken = takeSignInHandover();
    if (!taken) return;
    // Switched on the copy after the app had read the saved choice (a language the copy merely
    // showed is not saved as the visitor's choice).
    if (
      taken.languageChosen &&
      isSupportedLanguage(taken.language) &&
      taken.language !== currentLanguage()
    ) {
      void setLanguage(taken.language);
    }
    if (taken.view === 'signUp') setView({ name: 'signUp' });
    else if (taken.view === 'forgot') setView({ name: 'forgot', email: taken.values.email });
    else setHandover(taken);
    if (taken.focus === 'language') {
      document
        .querySelector<HTMLInputElement>(`input[type="radio"][value="${taken.language}"]`)
        ?.focus();
    }
  }, []);
  // Another view drops the copy's state: back on the sign-in form, nothing is sent again.
  const open = (next: View) => {
    setHandover(null);
    setView(next);
  };
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
            onForgotPassword={(email) => open({ name: 'forgot', email })}
            onSignUp={() => open({ name: 'signUp' })}
          />
        )}
        {view.name === 'signUp' && <SignUpForm onSignIn={() => open({ name: 'signIn' })} />}
        {view.name === 'forgot' && (
          <ForgotPasswordForm initialEmail={view.email} onBack={() => open({ name: 'signIn' })} />
        )}
      </Box>
    </AuthLayout>
  );
}
