import { useMutation, useQuery } from '@tanstack/react-query';
import {
  HANDOFF_CHOICES,
  handoffTarget,
  handoffTargets,
  type AppUser,
  type CourseHandoffValues,
  type TeacherDeparture,
} from '@portal/shared-data';
import { courseQueries } from './course-queries';
import { teacherMutations } from './teacher-queries';
import { userQueries } from './user-queries';

/** What a departure did: how many courses moved, and the name of the teacher who took them. */
export type DepartureOutcome = {
  departure: TeacherDeparture;
  reassigned: number;
  to: string | null;
};

/** A read the hand-off dialog shows: its answer, or that it is loading, or why it failed. */
export type HandoffRead<T> = {
  data: T | undefined;
  loading: boolean;
  error: unknown;
  retry: () => void;
  retrying: boolean;
};

function toRead<T>(query: {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}): HandoffRead<T> {
  return {
    data: query.data,
    loading: query.isPending,
    error: query.isError ? query.error : null,
    retry: () => void query.refetch(),
    retrying: query.isFetching,
  };
}

/**
 * A teacher's departure, from Teacher Management or User Management alike (docs/product-rules.md
 * "Teacher Management"): how many courses they teach (read here unless the screen already knows),
 * the other active teachers who may take them (read only when there are courses), the choices this
 * departure offers, and `depart`, which moves the courses on the server first (`reassignTo`) and
 * then deactivates or deletes the teacher. Feeds shared-ui's TeacherHandoffDialog.
 */
export function useTeacherDeparture({
  teacher,
  departure,
  courseCount,
}: {
  teacher: Pick<AppUser, 'id'>;
  departure: TeacherDeparture;
  /** Teacher Management's cards carry it; omit it to read it. */
  courseCount?: number;
}) {
  const counted = useQuery({
    ...courseQueries.countTaughtBy(teacher.id),
    enabled: courseCount === undefined,
  });
  const count = courseCount ?? counted.data;
  const teachers = useQuery({
    ...userQueries.teachers(),
    enabled: count !== undefined && count > 0,
    select: (list: AppUser[]) => handoffTargets(list, teacher.id),
  });
  const remove = useMutation(teacherMutations.delete());
  const deactivate = useMutation(teacherMutations.setActive());

  const depart = async (values: CourseHandoffValues): Promise<DepartureOutcome> => {
    const reassignTo = count ? handoffTarget(values) : null;
    const to = teachers.data?.find((option) => option.value === reassignTo)?.label ?? null;
    if (departure === 'delete') {
      const { reassigned } = await remove.mutateAsync({ id: teacher.id, reassignTo });
      return { departure, reassigned, to };
    }
    await deactivate.mutateAsync({ id: teacher.id, isActive: false, reassignTo });
    return { departure, reassigned: reassignTo ? (count ?? 0) : 0, to };
  };

  return {
    choices: HANDOFF_CHOICES[departure],
    courses:
      courseCount === undefined
        ? toRead(counted)
        : { data: courseCount, loading: false, error: null, retry: () => {}, retrying: false },
    targets: toRead(teachers),
    depart,
  };
}
