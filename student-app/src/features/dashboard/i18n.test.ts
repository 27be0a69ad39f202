// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { en } from './i18n';

describe('student dashboard messages', () => {
  it('keep the product texts verbatim in English', () => {
    expect(en.loadError).toBe('Error loading dashboard data:');
    expect(en.myCourses.courseClassroom).toBe('Course Classroom');
    expect(en.upcoming.joinNow).toBe('Join Now');
  });
});
