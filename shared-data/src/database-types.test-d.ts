import { describe, expectTypeOf, it } from 'vitest';
import type { Database, Tables, TablesInsert } from './database.types';

// The column contract other modules code against, checked against the generated types by the type
// checker: this file runs under `tsc -p tsconfig.json` (the package's typecheck), not as a runtime test
// (`*.test-d.ts` is outside the unit project's `*.test.ts` pattern), so a mismatch fails
// `pnpm typecheck`. That the generated file matches the migrations is checked against a live database
// by local-supabase/tests/database-types.test.ts (integration).

type Functions = Database['public']['Functions'];

describe('generated database types', () => {
  it('carry the course and enrollment columns', () => {
    expectTypeOf<Tables<'courses'>>().toExtend<{
      id: string;
      title: string;
      description: string;
      language: string;
      category: string;
      level: string;
      duration: number;
      teacher_id: string | null;
      price: number;
      thumbnail_url: string | null;
      is_active: boolean;
      enrolled_count: number;
      max_students: number;
      created_at: string;
      updated_at: string;
    }>();
    expectTypeOf<Tables<'enrollments'>>().toExtend<{
      id: string;
      course_id: string;
      user_id: string;
      status: string;
      progress: number;
      enrolled_at: string;
    }>();
    expectTypeOf<TablesInsert<'courses'>>().toExtend<{ title: string; language: string }>();
  });

  it('carry the class, attendance and material columns', () => {
    expectTypeOf<Tables<'classes'>>().toExtend<{
      id: string;
      course_id: string;
      title: string;
      description: string;
      scheduled_date: string;
      duration: number;
      type: string;
      meeting_link: string | null;
      recording_url: string | null;
    }>();
    expectTypeOf<Tables<'class_attendance'>>().toExtend<{
      class_id: string;
      user_id: string;
      attended: boolean;
      attended_at: string | null;
      marked_by: string | null;
    }>();
    expectTypeOf<Tables<'materials'>>().toExtend<{
      id: string;
      title: string;
      type: string;
      url: string;
      storage_path: string | null;
      mime_type: string | null;
      file_size: number;
      course_id: string | null;
      language: string | null;
      skill: string | null;
      uploaded_by: string | null;
      uploaded_at: string;
    }>();
  });

  it('carry the activity, submission, review and settings columns', () => {
    expectTypeOf<Tables<'activities'>>().toExtend<{
      id: string;
      title: string;
      description: string;
      type: string;
      course_id: string | null;
      class_id: string | null;
      due_date: string | null;
      max_points: number;
      instructions: string | null;
      allow_late_submission: boolean;
      is_active: boolean;
      created_by: string | null;
    }>();
    expectTypeOf<Tables<'activity_submissions'>>().toExtend<{
      activity_id: string;
      student_id: string;
      submission_text: string | null;
      file_urls: string[];
      submitted_at: string;
      status: string;
      grade: number | null;
      feedback: string | null;
      graded_by: string | null;
      graded_at: string | null;
    }>();
    expectTypeOf<Tables<'course_reviews'>>().toExtend<{
      course_id: string;
      student_id: string;
      rating: number;
      comment: string | null;
    }>();
    expectTypeOf<Tables<'app_settings'>>().toExtend<{
      id: number;
      smtp_password_set: boolean;
    }>();
    expectTypeOf<Tables<'app_settings'>>().not.toHaveProperty('smtp_password');
  });

  it('name the server functions with their arguments', () => {
    expectTypeOf<Functions['enroll_user_in_course']['Args']>().toEqualTypeOf<{
      user_uuid: string;
      course_uuid: string;
    }>();
    expectTypeOf<Functions['unenroll_user_from_course']['Args']>().toEqualTypeOf<{
      user_uuid: string;
      course_uuid: string;
    }>();
    expectTypeOf<Functions['get_student_stats']['Args']>().toEqualTypeOf<{
      student_uuid: string;
    }>();
    expectTypeOf<Functions['set_smtp_password']['Args']>().toEqualTypeOf<{ password: string }>();
  });

  it('include the read models', () => {
    expectTypeOf<Tables<'course_catalog'>>().toHaveProperty('average_rating');
    expectTypeOf<Tables<'my_students'>>().toHaveProperty('last_activity_at');
    expectTypeOf<Functions['get_admin_dashboard']['Args']>().toEqualTypeOf<{
      period?: string;
      time_zone?: string;
    }>();
  });
});
