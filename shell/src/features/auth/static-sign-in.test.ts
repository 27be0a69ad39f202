// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_SETTINGS, type PublicSettings } from '@portal/shared-data';
import { rendersStaticSignIn, type FirstRender } from './static-sign-in';

describe('whether the first render is the built page', () => {
  const built: FirstRender = {
    path: '/auth',
    language: 'en',
    settings: DEFAULT_PUBLIC_SETTINGS,
    sessionToRecover: false,
    idleSignOutNotice: false,
  };
  const school = (changes: Partial<PublicSettings>) => ({
    ...built,
    settings: { ...DEFAULT_PUBLIC_SETTINGS, ...changes },
  });

  it('is for a visitor at /auth in English whose cached settings look like the defaults', () => {
    expect(rendersStaticSignIn(built)).toBe(true);
    // The theme is applied after the render, on <html>: it does not change the markup.
    expect(rendersStaticSignIn(school({ theme: 'dark' }))).toBe(true);
  });

  it.each<[string, FirstRender]>([
    ['another page', { ...built, path: '/courses' }],
    ['Spanish (chosen, or the school default)', { ...built, language: 'es' }],
    ['a stored session', { ...built, sessionToRecover: true }],
    ['the idle sign-out notice', { ...built, idleSignOutNotice: true }],
    ["the school's own name", school({ siteName: 'Escuela Sol' })],
    ["the school's own primary colour", school({ primaryColor: '#7C3AED' })],
    ["the school's own secondary colour", school({ secondaryColor: '#0EA5E9' })],
    ["the school's own accent colour", school({ accentColor: '#F43F5E' })],
  ])('is not with %s', (_, first) => {
    expect(rendersStaticSignIn(first)).toBe(false);
  });
});
