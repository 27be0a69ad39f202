import { useSyncExternalStore } from 'react';
import { DEFAULT_PUBLIC_SETTINGS, paths, type PublicSettings } from '@portal/shared-data';

// The sign-in page's HTML (auth.html) holds the page as the build renders it
// (build/sign-in-page.tsx): a visitor of a school whose settings are the defaults, in English.
// The app hydrates it when its own first render would be the same; otherwise it renders over it.
// docs/start-up.md, "The sign-in page's HTML".

/** The language the build renders the sign-in page in (one HTML file, one language). */
export const STATIC_SIGN_IN_LANGUAGE = 'en';
/** The school settings the build renders the sign-in page with. */
export const STATIC_SIGN_IN_SETTINGS: PublicSettings = DEFAULT_PUBLIC_SETTINGS;

/** What this page load's first render depends on that the built page cannot know. */
export type FirstRender = {
  path: string;
  /** The UI language the first render uses. */
  language: string;
  /** The settings the first render uses (the browser's cached copy, else the defaults). */
  settings: PublicSettings;
  /** The page holds a session to restore (the first render would wait for its check). */
  sessionToRecover: boolean;
  /** "You were signed out after N minutes" is due. */
  idleSignOutNotice: boolean;
};

/**
 * Whether the app's first render is the built sign-in page, markup for markup, so it may hydrate it.
 * The theme (light, dark, auto) is not compared: it is an attribute Mantine sets on <html> after
 * the render. The colours are, because they are in the theme's style element.
 */
export function rendersStaticSignIn(first: FirstRender): boolean {
  const built = STATIC_SIGN_IN_SETTINGS;
  return (
    first.path === paths.auth &&
    first.language === STATIC_SIGN_IN_LANGUAGE &&
    !first.sessionToRecover &&
    !first.idleSignOutNotice &&
    first.settings.siteName === built.siteName &&
    first.settings.primaryColor === built.primaryColor &&
    first.settings.secondaryColor === built.secondaryColor &&
    first.settings.accentColor === built.accentColor
  );
}

const subscribeToNothing = () => () => {};

/**
 * False while React hydrates the built page (and in the build's own render), true from then on,
 * and from the first render when the app renders on its own. The built page's buttons and language
 * switch wait for it: before the app runs they could do nothing (the fields take typing, which the
 * form keeps).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
