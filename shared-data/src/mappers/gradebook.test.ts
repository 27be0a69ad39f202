// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toGradebook, toGradeWeights, toGradeWeightsRow, type GradebookReply } from './gradebook';

const reply: GradebookReply = {
  course: { id: 'c1', title: 'Spanish A1', grade_weights: { quiz: 30, homework: '20', bogus: 5 } },
  activities: [
    {
      id: 'a1',
      title: 'Quiz 1',
      type: 'quiz',
      max_points: '10',
      due_date: '2026-01-10T10:00:00Z',
      class_id: null,
    },
    { id: 'a2', title: 'Essay', type: 'essay', max_points: 20, due_date: null, class_id: 'k1' },
  ],
  students: [
    {
      id: 's1',
      first_name: ' Ana ',
      last_name: 'López',
      email: 'ana@example.test',
      enrollment_status: 'completed',
      earned: '7.5',
      possible: 10,
      total: '75.0',
      grades: ['7.50', null],
      // G: graded and late; x: a letter the mapper does not know.
      marks: 'Gx',
    },
    {
      id: 's2',
      first_name: null,
      last_name: null,
      email: 'noname@example.test',
      enrollment_status: 'active',
      earned: 0,
      possible: 0,
      total: null,
      grades: [null],
      marks: 'm',
    },
  ],
};

describe('toGradebook', () => {
  it('reads the compact grades and marks as typed cells, in the activities order', () => {
    const book = toGradebook(reply)!;
    expect(book.students[0]).toMatchObject({
      name: 'Ana López',
      enrollmentStatus: 'completed',
      earned: 7.5,
      possible: 10,
      total: 75,
    });
    expect(book.students[0]!.cells).toEqual([
      { grade: 7.5, state: 'graded', late: true },
      { grade: null, state: 'open', late: false },
    ]);
  });

  it('gives every student one cell per activity, even when the reply is short', () => {
    const book = toGradebook(reply)!;
    expect(book.students[1]!.cells).toEqual([
      { grade: null, state: 'missing', late: false },
      { grade: null, state: 'open', late: false },
    ]);
    expect(book.students[1]!.name).toBe('noname@example.test');
    expect(book.students[1]!.total).toBeNull();
  });

  it('reads numbers that arrive as text and falls back for unknown types', () => {
    const book = toGradebook(reply)!;
    expect(book.activities.map((a) => [a.type, a.maxPoints])).toEqual([
      ['quiz', 10],
      ['assignment', 20],
    ]);
    expect(book.course.gradeWeights).toEqual({ quiz: 30, homework: 20 });
  });

  it('answers null when the database answers null (no right to read, or no course)', () => {
    expect(toGradebook(null)).toBeNull();
    expect(toGradebook({ course: null })).toBeNull();
  });

  it('reads an empty course', () => {
    expect(toGradebook({ course: { id: 'c', title: 'T', grade_weights: {} } })).toEqual({
      course: { id: 'c', title: 'T', gradeWeights: {} },
      activities: [],
      students: [],
    });
  });
});

describe('grade weights', () => {
  it('keeps known types with numbers only', () => {
    expect(toGradeWeights([1, 2])).toEqual({});
    expect(toGradeWeights({ quiz: true, project: 40 })).toEqual({ project: 40 });
  });

  it('writes known types only', () => {
    expect(toGradeWeightsRow({ quiz: 30, homework: 0 })).toEqual({ quiz: 30, homework: 0 });
    expect(toGradeWeightsRow({})).toEqual({});
  });
});
