// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { planBulkEnrolment, type BulkEnrolContext } from './bulk-enrol-plan';

const context = (changes: Partial<BulkEnrolContext> = {}): BulkEnrolContext => ({
  enrolledEmails: new Set(['in@school.test']),
  seats: 5,
  allStudents: false,
  report: null,
  ...changes,
});

describe('planBulkEnrolment: what "Enrol a list" sends (issue 29)', () => {
  it('leaves out what cannot be enrolled, keeping the rows of the list', () => {
    const plan = planBulkEnrolment(
      ['IN@school.test', 'a@school.test', 'nope', ' A@School.test ', 'b@school.test'],
      context(),
    );
    expect(plan).toEqual({
      emails: ['a@school.test', 'b@school.test'],
      rows: [2, 5],
      leftOut: [
        { reason: 'already_enrolled', count: 1 },
        { reason: 'invalid_email', count: 1 },
        { reason: 'duplicate', count: 1 },
      ],
      seats: 5,
      block: null,
    });
  });

  it('is off for an empty list, a list of nobody, and a full course', () => {
    expect(planBulkEnrolment([], context()).block).toBe('empty');
    expect(planBulkEnrolment(['in@school.test', 'x'], context()).block).toBe('none');
    expect(planBulkEnrolment(['a@school.test'], context({ seats: 0 })).block).toBe('full');
  });

  it('refuses more students than places only when every address is a student (the picker)', () => {
    const list = ['a@school.test', 'b@school.test'];
    expect(planBulkEnrolment(list, context({ seats: 1, allStudents: true })).block).toBe('seats');
    // A CSV may name addresses nobody has, which take no place: the server counts.
    expect(planBulkEnrolment(list, context({ seats: 1 })).block).toBeNull();
  });

  it('after a refusal sends only the rows the server found ready, numbered as in the list', () => {
    const list = ['nope', 'a@school.test', 'ghost@school.test'];
    const plan = planBulkEnrolment(
      list,
      context({
        report: {
          rows: [2, 3],
          result: {
            success: false,
            refusal: null,
            enrolled: 0,
            seatsLeft: 3,
            rows: [
              { email: 'a@school.test', userId: 'u-1', status: 'ready' },
              { email: 'ghost@school.test', userId: null, status: 'unknown_email' },
            ],
          },
        },
      }),
    );
    expect(plan.emails).toEqual(['a@school.test']);
    expect(plan.rows).toEqual([2]);
    expect(plan.leftOut).toEqual([{ reason: 'invalid_email', count: 1 }]);
    expect(plan.block).toBeNull();
  });
});
