import { ACTIVITY_TYPES, type ActivityType } from './activity';
import { ENROLLMENT_STATUSES, type EnrollmentStatus } from './enrollment';
import { oneOf, toNumber, toNumberOrNull } from './fields';
import { fullNameOf } from './person-name';

// The gradebook (`get_course_gradebook`, 20261201008000_gradebook.sql and …8500; docs/assessment.md):
// the reply's compact rows (per student `grades`, one number or null per activity, and `marks`, one
// letter per activity, since a course of 200 students and 60 activities has 12,000 cells) become typed
// objects the screens read.

/** A cell's state, as the database decides it. */
export type GradeCellState = 'graded' | 'submitted' | 'missing' | 'open';

export const GRADE_CELL_STATES: readonly GradeCellState[] = [
  'graded',
  'submitted',
  'missing',
  'open',
];

/** One student's work on one activity. */
export type GradebookCell = {
  /** The grade when graded, else null. */
  grade: number | null;
  state: GradeCellState;
  /** Handed in after the due date. */
  late: boolean;
};

/** Weights per activity type (whole numbers 0–100, each a share of their sum); empty: points count alike. */
export type GradeWeights = Partial<Record<ActivityType, number>>;

export type GradebookActivity = {
  id: string;
  title: string;
  type: ActivityType;
  maxPoints: number;
  dueDate: string | null;
  classId: string | null;
};

export type GradebookStudent = {
  id: string;
  firstName: string;
  lastName: string;
  /** "First Last", for display and sorting. */
  name: string;
  email: string;
  enrollmentStatus: EnrollmentStatus;
  /** The points counted (graded and missing work). */
  earned: number;
  possible: number;
  /** Percent, one decimal, computed by the database; null while nothing counts. */
  total: number | null;
  /** One per activity, in the activities' order. */
  cells: GradebookCell[];
};

export type Gradebook = {
  course: { id: string; title: string; gradeWeights: GradeWeights };
  activities: GradebookActivity[];
  students: GradebookStudent[];
};

/** A mark's letter: g graded, s submitted, m missing, o open; a capital when the work came in late. */
const STATE_BY_LETTER: Record<string, GradeCellState> = {
  g: 'graded',
  s: 'submitted',
  m: 'missing',
  o: 'open',
};

export type GradebookReply = {
  course?: { id?: string; title?: string; grade_weights?: unknown } | null;
  activities?:
    | {
        id: string;
        title: string;
        type: string;
        max_points: number | string;
        due_date: string | null;
        class_id: string | null;
      }[]
    | null;
  students?:
    | {
        id: string;
        first_name: string | null;
        last_name: string | null;
        email: string | null;
        enrollment_status: string;
        earned: number | string | null;
        possible: number | string | null;
        total: number | string | null;
        grades: (number | string | null)[] | null;
        marks: string | null;
      }[]
    | null;
} | null;

/** `courses.grade_weights` as stored: known types with numeric weights only. */
export function toGradeWeights(value: unknown): GradeWeights {
  const weights: GradeWeights = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return weights;
  for (const [key, weight] of Object.entries(value as Record<string, unknown>)) {
    const type = oneOf(ACTIVITY_TYPES, key);
    if (type && (typeof weight === 'number' || typeof weight === 'string')) {
      weights[type] = toNumber(weight);
    }
  }
  return weights;
}

/** The weights as the column stores them: known types only, in the types' order. */
export function toGradeWeightsRow(weights: GradeWeights): Record<string, number> {
  const row: Record<string, number> = {};
  for (const type of ACTIVITY_TYPES) {
    const weight = weights[type];
    if (weight !== undefined && Number.isFinite(weight)) row[type] = weight;
  }
  return row;
}

function toCell(
  grade: number | string | null | undefined,
  mark: string | undefined,
): GradebookCell {
  const letter = mark ?? 'o';
  const lower = letter.toLowerCase();
  return {
    grade: toNumberOrNull(grade ?? null),
    state: STATE_BY_LETTER[lower] ?? 'open',
    late: letter !== lower,
  };
}

/** The reply of `get_course_gradebook`; null when the caller may not read it (or the course is gone). */
export function toGradebook(reply: GradebookReply): Gradebook | null {
  if (!reply?.course?.id) return null;
  const activities = (reply.activities ?? []).map((activity): GradebookActivity => ({
    id: activity.id,
    title: activity.title,
    type: oneOf(ACTIVITY_TYPES, activity.type) ?? 'assignment',
    maxPoints: toNumber(activity.max_points),
    dueDate: activity.due_date,
    classId: activity.class_id,
  }));
  const students = (reply.students ?? []).map((student): GradebookStudent => {
    const firstName = student.first_name ?? '';
    const lastName = student.last_name ?? '';
    const grades = student.grades ?? [];
    const marks = student.marks ?? '';
    return {
      id: student.id,
      firstName,
      lastName,
      name: fullNameOf({ first_name: firstName, last_name: lastName }) ?? student.email ?? '',
      email: student.email ?? '',
      enrollmentStatus: oneOf(ENROLLMENT_STATUSES, student.enrollment_status) ?? 'active',
      earned: toNumber(student.earned),
      possible: toNumber(student.possible),
      total: toNumberOrNull(student.total),
      cells: activities.map((_, index) => toCell(grades[index], marks[index])),
    };
  });
  return {
    course: {
      id: reply.course.id,
      title: reply.course.title ?? '',
      gradeWeights: toGradeWeights(reply.course.grade_weights),
    },
    activities,
    students,
  };
}
