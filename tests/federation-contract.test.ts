import { describe, expect, it } from 'vitest';
import {
  CONTAINER_NAME as ADMIN_CONTAINER,
  PAGES as ADMIN_PAGES,
} from '../admin-app/src/app/pages';
import { ROUTES, type PortalRoute, type RemoteName } from '../shell/src/app/route-table';
import { CONTAINER } from '../shell/src/features/remotes/remote-registry';
import {
  CONTAINER_NAME as STUDENT_CONTAINER,
  PAGES as STUDENT_PAGES,
} from '../student-app/src/app/pages';
import {
  CONTAINER_NAME as TEACHER_CONTAINER,
  PAGES as TEACHER_PAGES,
} from '../teacher-app/src/app/pages';

// The shell and the remotes are built and deployed apart, so nothing at build time checks that a
// route's module exists in its remote or that the shell calls the remote by its federation name.
// Each remote declares both once in src/app/pages.ts (which also feeds its
// module-federation.config.ts); these tests hold the shell to them.

type RemoteManifest = { container: string; modules: readonly string[] };

const REMOTES: Record<RemoteName, RemoteManifest> = {
  student: { container: STUDENT_CONTAINER, modules: STUDENT_PAGES.map((page) => page.module) },
  teacher: { container: TEACHER_CONTAINER, modules: TEACHER_PAGES.map((page) => page.module) },
  admin: { container: ADMIN_CONTAINER, modules: ADMIN_PAGES.map((page) => page.module) },
};

/** Routes whose module the named remote does not expose, as readable lines. */
function missingModules(
  routes: readonly PortalRoute[],
  remotes: Record<RemoteName, RemoteManifest>,
): string[] {
  return routes.flatMap((route) =>
    route.source.kind === 'remote' &&
    !remotes[route.source.remote].modules.includes(route.source.module)
      ? [
          `${route.path} (${route.roles.join(', ')}): ${route.source.remote} does not expose ${route.source.module}`,
        ]
      : [],
  );
}

/** Remotes the shell calls by another name than the one they federate under. */
function containerMismatches(
  shell: Readonly<Record<RemoteName, string>>,
  remotes: Record<RemoteName, RemoteManifest>,
): string[] {
  return (Object.keys(remotes) as RemoteName[]).flatMap((name) =>
    shell[name] === remotes[name].container
      ? []
      : [`${name}: the shell loads "${shell[name]}", the remote is "${remotes[name].container}"`],
  );
}

describe('route table and remotes', () => {
  it('names only modules their remote exposes', () => {
    expect(missingModules(ROUTES, REMOTES)).toEqual([]);
  });

  it('loads each remote by the container name the remote declares', () => {
    expect(containerMismatches(CONTAINER, REMOTES)).toEqual([]);
  });

  it("routes Billing (issue 31) to the student's and the admins' own exposed ./Billing", () => {
    const billing = ROUTES.filter((route) => route.path === '/billing');
    expect(billing).toHaveLength(2);
    expect(billing).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          roles: ['student'],
          source: { kind: 'remote', remote: 'student', module: './Billing' },
        }),
        expect.objectContaining({
          roles: ['admin'],
          source: { kind: 'remote', remote: 'admin', module: './Billing' },
          nav: { labelKey: 'nav.billing', icon: 'billing' },
        }),
      ]),
    );
    expect(REMOTES.student.modules).toContain('./Billing');
    expect(REMOTES.admin.modules).toContain('./Billing');
  });

  it('exposes each module once per remote', () => {
    for (const [name, remote] of Object.entries(REMOTES)) {
      expect(new Set(remote.modules).size, name).toBe(remote.modules.length);
    }
  });
});

describe('the contract checks themselves', () => {
  it('catch a route to a module its remote does not expose', () => {
    const route: PortalRoute = {
      path: '/users',
      roles: ['admin'],
      source: { kind: 'remote', remote: 'admin', module: './Reports' },
      titleKey: 'titles.users',
    };
    expect(missingModules([...ROUTES, route], REMOTES)).toEqual([
      '/users (admin): admin does not expose ./Reports',
    ]);
  });

  it('catch a container name that drifted', () => {
    expect(containerMismatches({ ...CONTAINER, teacher: 'teacherApp' }, REMOTES)).toEqual([
      'teacher: the shell loads "teacherApp", the remote is "teacher_app"',
    ]);
  });
});
