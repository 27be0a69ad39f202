// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { en } from './i18n';

describe('student activities messages', () => {
  it('keep the fixed product texts verbatim in English', () => {
    expect(en.loadError).toBe('Error loading activities:');
    expect(en.stats).toEqual({
      total: 'Total Activities',
      enrolledCourses: 'Enrolled Courses',
      scheduledClasses: 'Scheduled Classes',
      dueThisWeek: 'Due This Week',
    });
    expect(en.closed).toBe('The due date for this activity has passed');
    expect(en.success).toBe('Submission sent');
    expect(en.status.notSubmitted).toBe('Not submitted');
  });
});
