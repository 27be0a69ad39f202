import { describe, expect, it } from 'vitest';
import { installFakeSupabase, pagedReply } from '../test-support/fake-supabase';
import { catalogReadModel, toCatalogCourse, type CatalogRow } from './catalog';

const fake = installFakeSupabase();
const view = '/rest/v1/course_catalog';

function catalogRow(overrides: Partial<CatalogRow> = {}): CatalogRow {
  return {
    id: 'course-1',
    title: 'Business Spanish',
    description: 'Meetings, email and negotiation',
    language: 'Spanish',
    category: 'business',
    level: 'intermediate',
    duration: 8,
    teacher_id: 'teacher-1',
    teacher_name: 'Marta López',
    price: 299,
    thumbnail_url: null,
    is_active: true,
    enrolled_count: 12,
    max_students: 30,
    is_full: false,
    average_rating: 4.5,
    review_count: 2,
    is_enrolled: true,
    created_at: '2025-01-05T10:00:00Z',
    updated_at: '2025-01-06T10:00:00Z',
    ...overrides,
  };
}

describe('catalogReadModel.list', () => {
  it('asks for one counted page of 12, newest first, and maps each course', async () => {
    fake.on('GET', view, pagedReply([catalogRow()], 30));

    const result = await catalogReadModel.list();

    expect(result).toEqual({
      success: true,
      data: {
        items: [
          {
            id: 'course-1',
            title: 'Business Spanish',
            description: 'Meetings, email and negotiation',
            language: 'Spanish',
            category: 'business',
            level: 'intermediate',
            duration: 8,
            teacherId: 'teacher-1',
            teacherName: 'Marta López',
            price: 299,
            thumbnailUrl: null,
            enrolledCount: 12,
            maxStudents: 30,
            isFull: false,
            averageRating: 4.5,
            reviewCount: 2,
            isEnrolled: true,
            createdAt: '2025-01-05T10:00:00Z',
          },
        ],
        total: 30,
        page: 1,
        limit: 12,
        totalPages: 3,
      },
    });
    const [request] = fake.requestsTo('GET', view);
    // Every column the card is built from (a missing one would reach the UI as undefined).
    expect(request?.query.get('select')?.split(',')).toEqual(
      expect.arrayContaining([
        'id',
        'title',
        'description',
        'language',
        'category',
        'level',
        'duration',
        'teacher_id',
        'teacher_name',
        'price',
        'thumbnail_url',
        'enrolled_count',
        'max_students',
        'is_full',
        'average_rating',
        'review_count',
        'is_enrolled',
        'created_at',
      ]),
    );
    expect(request?.query.get('order')).toBe('created_at.desc,id.asc');
    expect(request?.query.get('offset')).toBe('0');
    expect(request?.query.get('limit')).toBe('12');
    expect(request?.headers.get('prefer')).toContain('count=exact');
    expect(request?.query.get('or')).toBeNull();
  });

  it('sends the language and level filters, an escaped search over title and description, and the page', async () => {
    fake.on('GET', view, pagedReply([], 0));

    await catalogReadModel.list({
      language: 'English',
      level: 'advanced',
      search: ' 50%, (b2_) ',
      page: 2,
    });

    const [request] = fake.requestsTo('GET', view);
    expect(request?.query.get('language')).toBe('eq.English');
    expect(request?.query.get('level')).toBe('eq.advanced');
    expect(request?.query.get('or')).toBe(
      '(title.ilike."%50\\\\%, (b2\\\\_)%",description.ilike."%50\\\\%, (b2\\\\_)%")',
    );
    expect(request?.query.get('offset')).toBe('12');
    expect(request?.query.get('limit')).toBe('12');
  });

  it('leaves a blank search out', async () => {
    fake.on('GET', view, pagedReply([], 0));

    await catalogReadModel.list({ search: '   ' });

    expect(fake.requestsTo('GET', view)[0]?.query.get('or')).toBeNull();
  });

  it('is FETCH_COURSES_ERROR with the provider message', async () => {
    fake.on('GET', view, { status: 400, body: { code: 'PGRST100', message: 'bad filter' } });

    expect(await catalogReadModel.list()).toMatchObject({
      success: false,
      error: { code: 'FETCH_COURSES_ERROR', message: 'bad filter' },
    });
  });

  it("falls back to 'Failed to fetch courses' when the server says nothing", async () => {
    fake.on('GET', view, { status: 500, body: {} });

    expect(await catalogReadModel.list()).toMatchObject({
      success: false,
      error: { code: 'FETCH_COURSES_ERROR', message: 'Failed to fetch courses' },
    });
  });
});

describe('catalogReadModel.listLanguages', () => {
  it('probes each allowed language for one active course', async () => {
    fake.on('GET', `${view}?language=eq.Spanish`, { body: [{ language: 'Spanish' }] });
    fake.on('GET', `${view}?language=eq.English`, { body: [] });

    expect(await catalogReadModel.listLanguages()).toEqual({ success: true, data: ['Spanish'] });
    const requests = fake.requestsTo('GET', view);
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request.query.get('select')).toBe('language');
      expect(request.query.get('limit')).toBe('1');
    }
  });

  it('fails when a probe fails', async () => {
    fake.on('GET', `${view}?language=eq.Spanish`, { body: [{ language: 'Spanish' }] });
    fake.on('GET', `${view}?language=eq.English`, { status: 500, body: { message: 'boom' } });

    expect(await catalogReadModel.listLanguages()).toMatchObject({
      success: false,
      error: { code: 'FETCH_COURSES_ERROR', message: 'boom' },
    });
  });
});

describe('toCatalogCourse', () => {
  it('reads nulls safely: no rating, unknown teacher, fullness from the counts', () => {
    expect(
      toCatalogCourse(
        catalogRow({
          average_rating: null,
          review_count: null,
          teacher_name: null,
          is_full: null,
          is_enrolled: null,
          enrolled_count: 30,
          max_students: 30,
          level: 'expert',
        }),
      ),
    ).toMatchObject({
      averageRating: null,
      reviewCount: 0,
      teacherName: null,
      isFull: true,
      isEnrolled: false,
      level: 'beginner',
    });
  });
});
