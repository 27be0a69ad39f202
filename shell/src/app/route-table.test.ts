import { describe, expect, it } from 'vitest';
import { ROUTES, navigationFor, resolveRoute, routePaths, type PortalRoute } from './route-table';

describe('resolveRoute (the role guard)', () => {
  it('sends each role to its own dashboard remote', () => {
    const remoteOf = (role: 'student' | 'teacher' | 'admin') => {
      const resolution = resolveRoute('/', role);
      if (resolution.status !== 'allowed' || resolution.route.source.kind !== 'remote') throw new Error('not allowed');
      return resolution.route.source.remote;
    };
    expect(remoteOf('student')).toBe('student');
    expect(remoteOf('teacher')).toBe('teacher');
    expect(remoteOf('admin')).toBe('admin');
  });

  it('forbids a student from admin screens and names who may open them', () => {
    expect(resolveRoute('/users', 'student')).toEqual({ status: 'forbidden', allowedRoles: ['admin'] });
    expect(resolveRoute('/students', 'admin')).toEqual({ status: 'forbidden', allowedRoles: ['teacher'] });
  });

  it('lets every role open its profile', () => {
    for (const role of ['student', 'teacher', 'admin'] as const) {
      expect(resolveRoute('/profile', role).status).toBe('allowed');
    }
  });

  it('reports unknown paths', () => {
    expect(resolveRoute('/nope', 'admin')).toEqual({ status: 'unknown' });
  });

  it('works on any table, not only the built-in one', () => {
    const table: PortalRoute[] = [
      { path: '/x', roles: ['teacher'], source: { kind: 'shell', page: 'profile' }, titleKey: 't' },
    ];
    expect(resolveRoute('/x', 'teacher', table).status).toBe('allowed');
    expect(resolveRoute('/x', 'student', table)).toEqual({ status: 'forbidden', allowedRoles: ['teacher'] });
  });
});

describe('navigationFor (the sidebar)', () => {
  const labels = (role: 'student' | 'teacher' | 'admin') =>
    navigationFor(role).map((item) => `${item.path} ${item.labelKey}`);

  it('gives the admin the SPEC §2 entries in order', () => {
    expect(labels('admin')).toEqual([
      '/ nav.dashboard',
      '/users nav.users',
      '/courses nav.courses',
      '/classes nav.classes',
      '/calendar nav.calendarView',
      '/teachers nav.teachers',
      '/materials nav.materials',
      '/activities nav.activities',
      '/profile nav.profile',
    ]);
  });

  it('gives the teacher the SPEC §2 entries in order', () => {
    expect(labels('teacher')).toEqual([
      '/ nav.dashboard',
      '/my-courses nav.myCourses',
      '/classes nav.classes',
      '/materials nav.materials',
      '/activities nav.activities',
      '/students nav.students',
      '/profile nav.profile',
    ]);
  });

  it('gives the student the SPEC §2 entries plus Course Catalog and Activities', () => {
    expect(labels('student')).toEqual([
      '/ nav.dashboard',
      '/my-courses nav.myCourses',
      '/catalog nav.catalog',
      '/materials nav.extraMaterials',
      '/calendar nav.calendar',
      '/activities nav.activities',
      '/profile nav.profile',
    ]);
  });

  it('only lists routes the role may open', () => {
    for (const role of ['student', 'teacher', 'admin'] as const) {
      for (const item of navigationFor(role)) expect(resolveRoute(item.path, role).status).toBe('allowed');
    }
  });
});

describe('routePaths', () => {
  it('lists each path once', () => {
    const paths = routePaths();
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('/course-detail/:courseId');
    expect(paths.length).toBeLessThan(ROUTES.length);
  });
});
