import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { classJoinState, type JoinableClass, type ServiceError } from '@portal/shared-data';
import { classMutations } from './class-queries';
import { toServiceError } from './service-failure';

export type JoinProblem = { classId: string; classTitle: string; error: ServiceError };

type ClassToJoin = JoinableClass & { id: string; title: string };

/**
 * Joining a live class, the same on the dashboard, the course detail page and the calendar: the Join
 * button is a real link that opens the meeting in a new tab; inside the join window
 * (rules/join-window.ts) joining also records the student's own attendance, once. A failure to
 * record never blocks joining: it is reported in `problem` for the screen to show.
 */
export function useJoinClass(userId: string | null) {
  const [recorded, setRecorded] = useState<ReadonlySet<string>>(() => new Set());
  const [problem, setProblem] = useState<JoinProblem | null>(null);
  const { mutate } = useMutation(classMutations.markAttendance());

  const join = useCallback(
    (cls: ClassToJoin, now: Date = new Date()) => {
      if (!userId || recorded.has(cls.id) || classJoinState(cls, now) !== 'open') return;
      mutate(
        { classId: cls.id, userId, attended: true },
        {
          onSuccess: () => {
            setRecorded((previous) => new Set(previous).add(cls.id));
            setProblem((current) => (current?.classId === cls.id ? null : current));
          },
          onError: (error) =>
            setProblem({ classId: cls.id, classTitle: cls.title, error: toServiceError(error) }),
        },
      );
    },
    [userId, recorded, mutate],
  );

  const dismissProblem = useCallback(() => setProblem(null), []);

  return { join, recorded, problem, dismissProblem };
}
