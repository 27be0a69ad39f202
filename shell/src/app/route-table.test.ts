// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { paths } from '@portal/shared-data';
import { ROUTES, navigationFor, resolveRoute, routePaths, type PortalRoute } from './route-table';

describe('resolveRoute (the role guard)', () => {
  it('sends each role to its own dashboard remote', () => {
    const remoteOf = (role: 'student' | 'teacher' | 'admin') => {
      const resolution = resolveRoute('/', role);
      if (resolution.status !== 'allowed' || resolution.route.source.kind !== 'remote')
        throw new Error('not allowed');
      return resolution.route.source.remote;
    };
    expect(remoteOf('student')).toBe('student');
    expect(remoteOf('teacher')).toBe('teacher');
    expect(remoteOf('admin')).toBe('admin');
  });

  it('forbids staff from student-only screens and names who may open them', () => {
    expect(resolveRoute(paths.catalog, 'admin')).toEqual({
      status: 'forbidden',
      allowedRoles: ['student'],
    });
    expect(resolveRoute(paths.catalog, 'teacher')).toEqual({
      status: 'forbidden',
      allowedRoles: ['student'],
    });
  });

  it("serves each role's own screen where a path is shared (My Courses)", () => {
    expect(resolveRoute(paths.myCourses, 'teacher')).toMatchObject({
      status: 'allowed',
      route: { source: { kind: 'remote', remote: 'teacher', module: './MyCourses' } },
    });
    expect(resolveRoute(paths.myCourses, 'student')).toMatchObject({
      status: 'allowed',
      route: { source: { kind: 'remote', remote: 'student', module: './MyCourses' } },
    });
    expect(resolveRoute(paths.myCourses, 'admin')).toEqual({
      status: 'forbidden',
      allowedRoles: ['teacher', 'student'],
    });
  });

  it('lets every role open a course detail page', () => {
    for (const role of ['student', 'teacher', 'admin'] as const) {
      expect(resolveRoute(paths.courseDetailPattern, role).status).toBe('allowed');
    }
  });

  it('serves Teacher Management to admins only, from admin-app', () => {
    expect(resolveRoute(paths.teachers, 'admin')).toMatchObject({ status: 'allowed' });
    expect(resolveRoute(paths.teachers, 'teacher').status).not.toBe('allowed');
    expect(resolveRoute(paths.teachers, 'student').status).not.toBe('allowed');
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
    expect(resolveRoute('/x', 'student', table)).toEqual({
      status: 'forbidden',
      allowedRoles: ['teacher'],
    });
  });
});

describe('navigationFor (the sidebar)', () => {
  const labels = (role: 'student' | 'teacher' | 'admin') =>
    navigationFor(role).map((item) => `${item.path} ${item.labelKey}`);

  it("gives the admin the spec's full sidebar, in its order, with Billing after Course Management", () => {
    expect(labels('admin')).toEqual([
      '/ nav.dashboard',
      '/users nav.users',
      '/courses nav.courses',
      '/billing nav.billing',
      '/classes nav.classes',
      '/calendar nav.calendarView',
      '/teachers nav.teachers',
      '/materials nav.materials',
      '/activities nav.activities',
      '/profile nav.profile',
      '/messages nav.messages',
    ]);
  });

  it('gives the teacher the screens shipped so far, in the sidebar order', () => {
    expect(labels('teacher')).toEqual([
      '/ nav.dashboard',
      '/my-courses nav.myCourses',
      '/classes nav.classes',
      '/calendar nav.calendar',
      '/materials nav.materials',
      '/activities nav.activities',
      '/students nav.students',
      '/profile nav.profile',
      '/messages nav.messages',
    ]);
  });

  it('serves System Settings to admins only, from admin-app, without a sidebar entry', () => {
    expect(resolveRoute(paths.settings, 'admin')).toMatchObject({
      status: 'allowed',
      route: { source: { kind: 'remote', remote: 'admin', module: './Settings' } },
    });
    expect(resolveRoute(paths.settings, 'teacher').status).toBe('forbidden');
    expect(navigationFor('admin').map((item) => item.path)).not.toContain(paths.settings);
  });

  it('serves User Management to admins only, from admin-app', () => {
    expect(resolveRoute(paths.users, 'admin')).toMatchObject({
      status: 'allowed',
      route: { source: { kind: 'remote', remote: 'admin', module: './UserManagement' } },
    });
    expect(resolveRoute(paths.users, 'teacher').status).toBe('forbidden');
  });

  it("serves the admin's Calendar View from teacher-app's calendar (every class, with filters)", () => {
    expect(resolveRoute(paths.calendar, 'admin')).toMatchObject({
      status: 'allowed',
      route: { source: { kind: 'remote', remote: 'teacher', module: './Calendar' } },
    });
  });

  it('serves Class Management to teachers and admins from teacher-app, not to students', () => {
    expect(resolveRoute(paths.classes, 'admin')).toMatchObject({
      status: 'allowed',
      route: { source: { kind: 'remote', remote: 'teacher', module: './ClassManagement' } },
    });
    expect(resolveRoute(paths.classes, 'student')).toEqual({
      status: 'forbidden',
      allowedRoles: ['teacher', 'admin'],
    });
  });

  it('gives the student the full sidebar in order, plus Course Catalog, Activities and Billing', () => {
    expect(labels('student')).toEqual([
      '/ nav.dashboard',
      '/my-courses nav.myCourses',
      '/catalog nav.catalog',
      '/materials nav.extraMaterials',
      '/calendar nav.calendar',
      '/activities nav.activities',
      '/billing nav.billing',
      '/profile nav.profile',
      '/messages nav.messages',
    ]);
  });

  it('only lists routes the role may open', () => {
    for (const role of ['student', 'teacher', 'admin'] as const) {
      for (const item of navigationFor(role))
        expect(resolveRoute(item.path, role).status).toBe('allowed');
    }
  });
});

describe('routePaths', () => {
  it('lists each path once', () => {
    const list = routePaths();
    expect(new Set(list).size).toBe(list.length);
    expect(list).toContain('/course-detail/:courseId');
    expect(list.length).toBeLessThan(ROUTES.length);
  });
});
