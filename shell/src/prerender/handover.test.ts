import { afterEach, describe, expect, it } from 'vitest';
import {
  HANDOVER_LANGUAGE_CHOSEN_ATTRIBUTE,
  HANDOVER_SUBMITTED_ATTRIBUTE,
  HANDOVER_VIEW_REQUEST_ATTRIBUTE,
  PRERENDER_ATTRIBUTE,
  PRERENDER_CONTAINER_ID,
  discardPrerender,
  takeSignInHandover,
} from './handover';

/** The built page's shape (build/prerender/): the copy on show, with the app's field paths. */
function showCopy(language = 'en') {
  document.documentElement.setAttribute(PRERENDER_ATTRIBUTE, language);
  document.body.innerHTML = `
    <div id="root"></div>
    <div id="${PRERENDER_CONTAINER_ID}">
      <div data-lang="${language}">
        <form>
          <input type="email" data-path="email" />
          <input type="password" data-path="password" />
          <input type="checkbox" data-path="remember" checked />
        </form>
      </div>
    </div>`;
  const field = (path: string) =>
    document.querySelector<HTMLInputElement>(`[data-path="${path}"]`) as HTMLInputElement;
  return {
    container: document.getElementById(PRERENDER_CONTAINER_ID) as HTMLElement,
    email: field('email'),
    password: field('password'),
    remember: field('remember'),
  };
}

afterEach(() => {
  document.documentElement.removeAttribute(PRERENDER_ATTRIBUTE);
  document.body.innerHTML = '';
});

describe('takeSignInHandover', () => {
  it('returns what was typed, the field in use and the held press, and removes the copy', () => {
    const { container, email, password, remember } = showCopy('es');
    email.value = 'ana@school.test';
    password.value = 'secret1';
    remember.checked = false;
    password.type = 'text';
    password.focus();
    container.setAttribute(HANDOVER_SUBMITTED_ATTRIBUTE, '');

    expect(takeSignInHandover()).toEqual({
      values: { email: 'ana@school.test', password: 'secret1', remember: false },
      focus: 'password',
      submitted: true,
      view: 'signIn',
      passwordVisible: true,
      language: 'es',
      languageChosen: false,
    });
    expect(document.getElementById(PRERENDER_CONTAINER_ID)).toBeNull();
    expect(document.documentElement.hasAttribute(PRERENDER_ATTRIBUTE)).toBe(false);
    expect(document.getElementById('root')).not.toBeNull();
  });

  it('starts from the defaults of an untouched copy, with no field in use', () => {
    showCopy();
    expect(takeSignInHandover()).toEqual({
      values: { email: '', password: '', remember: true },
      focus: null,
      submitted: false,
      view: 'signIn',
      passwordVisible: false,
      language: 'en',
      languageChosen: false,
    });
  });

  it('names the Sign In button or the language switch when the focus was there', () => {
    showCopy();
    const form = document.querySelector('form') as HTMLFormElement;
    form.insertAdjacentHTML(
      'beforeend',
      '<button type="submit">Sign In</button><input type="radio" value="es" />',
    );
    (form.querySelector('[type="submit"]') as HTMLButtonElement).focus();
    expect(takeSignInHandover()?.focus).toBe('submit');

    showCopy();
    document
      .querySelector('form')
      ?.insertAdjacentHTML('beforeend', '<input type="radio" value="es" />');
    (document.querySelector('[type="radio"]') as HTMLInputElement).focus();
    expect(takeSignInHandover()?.focus).toBe('language');
  });

  it('says whether the language was switched on the copy', () => {
    showCopy('es').container.setAttribute(HANDOVER_LANGUAGE_CHOSEN_ATTRIBUTE, '');
    expect(takeSignInHandover()).toMatchObject({ language: 'es', languageChosen: true });
  });

  it('names the view a link asked for, and ignores a view it does not know', () => {
    showCopy().container.setAttribute(HANDOVER_VIEW_REQUEST_ATTRIBUTE, 'forgot');
    expect(takeSignInHandover()?.view).toBe('forgot');

    showCopy().container.setAttribute(HANDOVER_VIEW_REQUEST_ATTRIBUTE, 'admin');
    expect(takeSignInHandover()?.view).toBe('signIn');
  });

  it('is null when no copy was on show, and still removes the copies', () => {
    showCopy();
    document.documentElement.removeAttribute(PRERENDER_ATTRIBUTE);
    expect(takeSignInHandover()).toBeNull();
    expect(document.getElementById(PRERENDER_CONTAINER_ID)).toBeNull();
  });

  it('is null for a language that has no copy', () => {
    showCopy('en');
    document.documentElement.setAttribute(PRERENDER_ATTRIBUTE, 'fr');
    expect(takeSignInHandover()).toBeNull();
  });
});

describe('discardPrerender', () => {
  it('removes the copy and shows #root', () => {
    showCopy();
    discardPrerender();
    expect(document.getElementById(PRERENDER_CONTAINER_ID)).toBeNull();
    expect(document.documentElement.hasAttribute(PRERENDER_ATTRIBUTE)).toBe(false);
  });
});
