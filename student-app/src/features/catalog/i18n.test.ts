// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { en } from './i18n';

describe('course catalog messages', () => {
  it('keep the product texts verbatim in English', () => {
    expect(en.clearFilters).toBe('Clear Filters');
    expect(en.refresh).toBe('Refresh Courses');
    expect(en.enrolled).toBe('Successfully enrolled in course!');
    expect(en.enrollFailed).toBe('Failed to enroll in course. Please try again.');
    expect(en.notLoggedIn).toBe('Please log in to enroll in courses');
  });
});
