import { missingKeys } from '@portal/shared-ui';
import { describe, expect, it } from 'vitest';
import { en, es } from './i18n';

describe('student activities messages', () => {
  it('have the same keys in English and Spanish', () => {
    expect(missingKeys(en, es)).toEqual([]);
    expect(missingKeys(es, en)).toEqual([]);
  });

  it('keep the SPEC and issue texts verbatim in English', () => {
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
