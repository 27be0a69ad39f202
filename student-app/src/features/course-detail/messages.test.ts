import { missingKeys } from '@portal/shared-ui';
import { describe, expect, it } from 'vitest';
import { en, es } from './messages';

describe('course detail messages', () => {
  it('have the same keys in English and Spanish', () => {
    expect(missingKeys(en, es)).toEqual([]);
    expect(missingKeys(es, en)).toEqual([]);
  });

  it('keep the SPEC texts verbatim', () => {
    expect(en.notFound).toBe('Course not found.');
    expect(en.loadError).toBe('Error loading course info');
    expect(en.classes.empty).toBe('No classes scheduled for this course.');
    expect(en.classes.loadError).toBe('Error loading classes');
    expect(en.back).toBe('Back to My Courses');
    expect(es.back).toBe('Volver a Mis cursos');
  });
});
