/**
 * The sign-in page as built HTML (build/prerender/), and its hand-over to the app.
 *
 * The build renders /auth's sign-in view into index.html once per language. A small script in the
 * page's head shows the visitor's copy before any JavaScript file has arrived (only at /auth, with no
 * stored session and the browser's cached settings at their defaults: otherwise the app's first
 * paint would differ from it), and hides #root meanwhile. The copy is a working form as far as HTML
 * goes: the visitor can type, tick "Remember me", switch the language, show the password, and press
 * Sign In or one of the links; a script after it holds those until the app runs. When the app's
 * sign-in page mounts, it takes the copy's state (`takeSignInHandover`) and removes the copy in the
 * same commit, so the page changes hands in one frame without losing a keystroke.
 */

import { releaseLastView } from './last-view';

/** The element holding the language copies, each `[data-lang="en"|"es"]`. */
export const PRERENDER_CONTAINER_ID = 'portal-prerender';
/** On `<html>`: the language of the copy on show; absent when the app paints on its own. */
export const PRERENDER_ATTRIBUTE = 'data-prerender';
/**
 * On the sign-in form's links (features/auth/sign-in-form.tsx): the view each opens, remembered when pressed
 * before the app ran.
 */
export const HANDOVER_VIEW_ATTRIBUTE = 'data-handover-view';
/** On the container: set when the copy's form was sent (Enter or Sign In) before the app ran. */
export const HANDOVER_SUBMITTED_ATTRIBUTE = 'data-submitted';
/** On the container: the view a link pressed before the app ran asked for. */
export const HANDOVER_VIEW_REQUEST_ATTRIBUTE = 'data-view';
/** On the container: the visitor switched the language on the copy. */
export const HANDOVER_LANGUAGE_CHOSEN_ATTRIBUTE = 'data-language-chosen';

export type SignInValues = { email: string; password: string; remember: boolean };
export type HandoverField = keyof SignInValues;
/** Where the visitor's focus was: a field, the Sign In button, or the language switch. */
export type HandoverFocus = HandoverField | 'submit' | 'language';

/** What the visitor did on the built copy before the app took over. */
export type SignInHandover = {
  values: SignInValues;
  /** The control the visitor was on, to carry on there. */
  focus: HandoverFocus | null;
  /** Sign In (or Enter) was pressed: the app sends the form as soon as it has taken over. */
  submitted: boolean;
  /** A link pressed: the app opens that view instead of the sign-in form. */
  view: 'signIn' | 'signUp' | 'forgot';
  passwordVisible: boolean;
  /** The copy's language. */
  language: string;
  /** Switched on the copy: the visitor's choice, which the app may have started without. */
  languageChosen: boolean;
};

const FIELDS: readonly HandoverField[] = ['email', 'password', 'remember'];

function isField(name: string | null): name is HandoverField {
  return (FIELDS as readonly (string | null)[]).includes(name);
}

function focusOf(copy: HTMLElement, doc: Document): HandoverFocus | null {
  const active = doc.activeElement;
  if (!active || !copy.contains(active)) return null;
  const path = active.getAttribute('data-path');
  if (isField(path)) return path;
  if (active.getAttribute('type') === 'submit') return 'submit';
  if (active.getAttribute('type') === 'radio') return 'language';
  return null;
}

function readCopy(
  container: HTMLElement,
  copy: HTMLElement,
  doc: Document,
  language: string,
): SignInHandover {
  const input = (path: HandoverField) =>
    copy.querySelector<HTMLInputElement>(`input[data-path="${path}"]`);
  const email = input('email');
  const password = input('password');
  const remember = input('remember');
  const view = container.getAttribute(HANDOVER_VIEW_REQUEST_ATTRIBUTE);
  return {
    values: {
      email: email?.value ?? '',
      password: password?.value ?? '',
      remember: remember?.checked ?? true,
    },
    focus: focusOf(copy, doc),
    submitted: container.hasAttribute(HANDOVER_SUBMITTED_ATTRIBUTE),
    view: view === 'signUp' || view === 'forgot' ? view : 'signIn',
    passwordVisible: password?.type === 'text',
    language,
    languageChosen: container.hasAttribute(HANDOVER_LANGUAGE_CHOSEN_ATTRIBUTE),
  };
}

/** Removes the sign-in page's built copy and shows #root. */
export function discardSignInCopy(doc: Document = document): void {
  doc.getElementById(PRERENDER_CONTAINER_ID)?.remove();
  doc.documentElement.removeAttribute(PRERENDER_ATTRIBUTE);
}

/**
 * Removes whatever built page is on show, the sign-in copy or the last view of the dashboard
 * (last-view.ts), and shows #root: the app (an error screen, say) paints on its own from now on.
 */
export function discardPrerender(doc: Document = document): void {
  discardSignInCopy(doc);
  releaseLastView(doc);
}

/**
 * The state of the copy on show, which is then removed; null when none was on show (a signed-in
 * start, another page, a school with its own colours, a build without it). Call it where the app's
 * sign-in page commits (a layout effect), so nothing typed after the read is lost.
 */
export function takeSignInHandover(doc: Document = document): SignInHandover | null {
  const container = doc.getElementById(PRERENDER_CONTAINER_ID);
  const language = doc.documentElement.getAttribute(PRERENDER_ATTRIBUTE);
  const copy =
    language && /^[a-z]{2}$/.test(language)
      ? container?.querySelector<HTMLElement>(`[data-lang="${language}"]`)
      : null;
  const handover = container && copy && language ? readCopy(container, copy, doc, language) : null;
  discardSignInCopy(doc);
  return handover;
}
