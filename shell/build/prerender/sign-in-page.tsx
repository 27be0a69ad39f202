/**
 * After `rsbuild build`: renders /auth's sign-in view with the app's own components, once per
 * language, and writes it into dist/index.html, so the first visit paints the page as soon as the
 * HTML and its stylesheets are in instead of after every script has run
 * (src/prerender/handover.ts explains the hand-over; docs/architecture.md "First paint").
 *
 * Run by the shell's `build` script: `tsx --tsconfig tsconfig.prerender.json build/prerender/sign-in-page.tsx`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderToString } from 'react-dom/server';
import {
  DEFAULT_PUBLIC_SETTINGS,
  IDLE_SIGN_OUT_STORAGE_KEY,
  PUBLIC_SETTINGS_STORAGE_KEY,
  paths,
} from '@portal/shared-data';
import {
  LANGUAGE_STORAGE_KEY,
  PortalUiProvider,
  SUPPORTED_LANGUAGES,
  i18n,
  initI18n,
  type Language,
} from '@portal/shared-ui';
import { AUTH_STORAGE_KEY } from '../../../shared-data/src/remember-me-storage';
import AuthScreen from '../../src/features/auth/auth-screen';
import { namespace } from '../../src/features/auth/i18n';
import {
  HANDOVER_LANGUAGE_CHOSEN_ATTRIBUTE,
  HANDOVER_SUBMITTED_ATTRIBUTE,
  HANDOVER_VIEW_ATTRIBUTE,
  HANDOVER_VIEW_REQUEST_ATTRIBUTE,
  PRERENDER_ATTRIBUTE,
  PRERENDER_CONTAINER_ID,
} from '../../src/prerender/handover';
import {
  LAST_VIEW_ATTRIBUTE,
  LAST_VIEW_CONTAINER_ID,
  MANTINE_COLOR_SCHEME_KEY,
} from '../../src/prerender/last-view';
import {
  inlineCall,
  insertSignInCopies,
  scopeIds,
  takeStartScripts,
  takeThemeStyles,
} from './assemble';
import { lastViewScriptConfig } from './last-view-config';

/** The settings whose cached value, when not the default, would make the app paint differently. */
const EXACT_KEYS = ['siteName', 'theme'] as const;
const COLOR_KEYS = ['primaryColor', 'secondaryColor', 'accentColor'] as const;

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The sign-in page as the app first paints it for a visitor: the defaults, this language. */
async function renderCopy(language: Language): Promise<string> {
  await i18n.changeLanguage(language);
  const prefix = `${language}-`;
  const html = renderToString(
    <PortalUiProvider
      withNotifications={false}
      branding={DEFAULT_PUBLIC_SETTINGS}
      colorScheme={DEFAULT_PUBLIC_SETTINGS.theme}
    >
      <AuthScreen />
    </PortalUiProvider>,
    { identifierPrefix: prefix },
  );
  return scopeIds(html, prefix, language);
}

/** The page's title, as usePageTitle writes it. */
function titleOf(language: Language): string {
  const t = i18n.getFixedT(language);
  return t('documentTitle', {
    ns: 'common',
    screen: t('pageTitle.signIn', { ns: namespace }),
    site: DEFAULT_PUBLIC_SETTINGS.siteName,
  });
}

/** A hand-written browser script without its comments and indentation. */
function scriptSource(file: string): string {
  return readFileSync(here(file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .join('\n');
}

const HEAD_STYLE = [
  `#${PRERENDER_CONTAINER_ID},#${PRERENDER_CONTAINER_ID}>[data-lang]{display:none}`,
  `html[${PRERENDER_ATTRIBUTE}] #${PRERENDER_CONTAINER_ID}{display:block}`,
  ...SUPPORTED_LANGUAGES.map(
    (language) =>
      `html[${PRERENDER_ATTRIBUTE}=${language}] #${PRERENDER_CONTAINER_ID}>[data-lang=${language}]{display:block}`,
  ),
  `html[${PRERENDER_ATTRIBUTE}] #root{display:none}`,
  // A press held for the app: the page shows it is on its way.
  `#${PRERENDER_CONTAINER_ID}[${HANDOVER_SUBMITTED_ATTRIBUTE}],#${PRERENDER_CONTAINER_ID}[${HANDOVER_VIEW_REQUEST_ATTRIBUTE}]{cursor:progress}`,
  `#${PRERENDER_CONTAINER_ID}[${HANDOVER_SUBMITTED_ATTRIBUTE}] [type=submit]{opacity:.7}`,
  // The dashboard's last view (src/prerender/last-view.ts) lies over the app's #root, which starts
  // hidden beneath it (laid out, so the page's charts measure their width).
  `#${LAST_VIEW_CONTAINER_ID}{position:absolute;top:0;left:0;right:0}`,
  `html[${LAST_VIEW_ATTRIBUTE}] #root{visibility:hidden}`,
].join('');

export async function buildSignInPage(indexPath: string): Promise<{ bytes: number }> {
  initI18n({ lng: 'en' });
  // One language after the other: the render reads i18next's current language.
  const rendered: [Language, { styles: string; markup: string }][] = [];
  for (const language of SUPPORTED_LANGUAGES) {
    rendered.push([language, takeThemeStyles(await renderCopy(language))]);
  }
  const themeStyles = rendered[0]?.[1].styles ?? '';
  if (rendered.some(([, copy]) => copy.styles !== themeStyles)) {
    throw new Error('prerender: the languages rendered different theme variables');
  }
  const titles = Object.fromEntries(
    SUPPORTED_LANGUAGES.map((language) => [language, titleOf(language)]),
  );
  const attributes = {
    attribute: PRERENDER_ATTRIBUTE,
    containerId: PRERENDER_CONTAINER_ID,
    languageKey: LANGUAGE_STORAGE_KEY,
    titles,
  };
  const { html: built, entries, preloads } = takeStartScripts(readFileSync(indexPath, 'utf8'));
  const html = insertSignInCopies(built, {
    themeStyles,
    copies: Object.fromEntries(rendered.map(([language, copy]) => [language, copy.markup])),
    containerId: PRERENDER_CONTAINER_ID,
    headStyle: HEAD_STYLE,
    headScript: inlineCall(
      `${scriptSource('./last-view-script.js')}\n${scriptSource('./head-script.js')}`,
      'startPortal',
      {
        ...attributes,
        entries,
        preloads,
        path: paths.auth,
        sessionKey: AUTH_STORAGE_KEY,
        idleSignOutKey: IDLE_SIGN_OUT_STORAGE_KEY,
        settingsKey: PUBLIC_SETTINGS_STORAGE_KEY,
        colorSchemeKey: MANTINE_COLOR_SCHEME_KEY,
        languages: SUPPORTED_LANGUAGES,
        exactKeys: EXACT_KEYS,
        colorKeys: COLOR_KEYS,
        defaults: DEFAULT_PUBLIC_SETTINGS,
        lastView: { ...lastViewScriptConfig(), entries },
      },
    ),
    pageScript: inlineCall(scriptSource('./page-script.js'), 'holdSignInCopy', {
      ...attributes,
      submittedAttribute: HANDOVER_SUBMITTED_ATTRIBUTE,
      viewAttribute: HANDOVER_VIEW_ATTRIBUTE,
      viewRequestAttribute: HANDOVER_VIEW_REQUEST_ATTRIBUTE,
      languageChosenAttribute: HANDOVER_LANGUAGE_CHOSEN_ATTRIBUTE,
    }),
  });
  writeFileSync(indexPath, html);
  return { bytes: Buffer.byteLength(html) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const indexPath = here('../../dist/index.html');
  const { bytes } = await buildSignInPage(indexPath);
  console.log(`Sign-in page prerendered into dist/index.html (${(bytes / 1024).toFixed(1)} KiB)`);
}
