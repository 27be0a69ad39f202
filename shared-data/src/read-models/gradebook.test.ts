import { describe, expect, it } from 'vitest';
import { installFakeSupabase } from '../test-support/fake-supabase';
import { gradebookService } from '../services/gradebook';
import { gradebookReadModel } from './gradebook';

const fake = installFakeSupabase();
const COURSE = '3f0c2c9e-1d1e-4c1a-9d7e-2b9a5f0b7c11';

describe('gradebookReadModel.get', () => {
  it('reads the whole gradebook in one request and maps it', async () => {
    fake.on('POST', '/rest/v1/rpc/get_course_gradebook', {
      body: {
        course: { id: COURSE, title: 'Spanish', grade_weights: {} },
        activities: [
          { id: 'a1', title: 'Quiz', type: 'quiz', max_points: 10, due_date: null, class_id: null },
        ],
        students: [
          {
            id: 's1',
            first_name: 'Ana',
            last_name: 'Ruiz',
            email: 'ana@example.test',
            enrollment_status: 'active',
            earned: 8,
            possible: 10,
            total: 80,
            grades: [8],
            marks: 'g',
          },
        ],
      },
    });
    const result = await gradebookReadModel.get(COURSE);
    expect(result).toMatchObject({
      success: true,
      data: { students: [{ name: 'Ana Ruiz', total: 80, cells: [{ grade: 8, state: 'graded' }] }] },
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body).toEqual({ course_uuid: COURSE });
  });

  it('is null when the database answers null, and without asking for an id that is not one', async () => {
    fake.on('POST', '/rest/v1/rpc/get_course_gradebook', { body: null });
    expect(await gradebookReadModel.get(COURSE)).toEqual({ success: true, data: null });
    expect(await gradebookReadModel.get('nope')).toEqual({ success: true, data: null });
    expect(fake.requests).toHaveLength(1);
  });

  it('fails with its code, never the raw message shown', async () => {
    fake.on('POST', '/rest/v1/rpc/get_course_gradebook', { status: 500, body: {} });
    expect(await gradebookReadModel.get(COURSE)).toMatchObject({
      success: false,
      error: { code: 'FETCH_ACTIVITIES_ERROR' },
    });
  });
});

describe('gradebookService.saveWeights', () => {
  it('writes the known types of the weights to the course', async () => {
    fake.on('PATCH', '/rest/v1/courses', { body: [{ id: COURSE }] });
    expect(await gradebookService.saveWeights(COURSE, { quiz: 30, homework: 70 })).toEqual({
      success: true,
      data: null,
    });
    const [request] = fake.requestsTo('PATCH', '/rest/v1/courses');
    expect(request?.body).toEqual({ grade_weights: { quiz: 30, homework: 70 } });
    expect(request?.query.get('id')).toBe(`eq.${COURSE}`);
  });

  it('says nothing changed when the course is not the caller to change', async () => {
    fake.on('PATCH', '/rest/v1/courses', { body: [] });
    expect(await gradebookService.saveWeights(COURSE, {})).toMatchObject({
      success: false,
      error: { code: 'UPDATE_COURSES_ERROR' },
    });
  });
});
