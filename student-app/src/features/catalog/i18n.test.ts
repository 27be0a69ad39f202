import { missingKeys } from '@portal/shared-ui';
import { describe, expect, it } from 'vitest';
import { en, es } from './i18n';

describe('course catalog messages', () => {
  it('have the same keys in English and Spanish', () => {
    expect(missingKeys(en, es)).toEqual([]);
    expect(missingKeys(es, en)).toEqual([]);
  });

  it('keep the SPEC texts verbatim in English', () => {
    expect(en.clearFilters).toBe('Clear Filters');
    expect(en.refresh).toBe('Refresh Courses');
    expect(en.enrolled).toBe('Successfully enrolled in course!');
    expect(en.enrollFailed).toBe('Failed to enroll in course. Please try again.');
    expect(en.notLoggedIn).toBe('Please log in to enroll in courses');
  });
});
