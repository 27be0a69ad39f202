// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { en, es } from './i18n';

describe('course detail messages', () => {
  it('keep the product texts verbatim', () => {
    expect(en.notFound).toBe('Course not found.');
    expect(en.loadError).toBe('Error loading course info');
    expect(en.classes.empty).toBe('No classes scheduled for this course.');
    expect(en.classes.loadError).toBe('Error loading classes');
    expect(es.back).toBe('Volver');
  });
});
