import { useCallback, useState } from 'react';
import { classesService, type DashboardClass, type ServiceError } from '@portal/shared-data';
import { canRecordOwnAttendance } from './class-timing';

export type AttendanceProblem = { classTitle: string; error: ServiceError };

/**
 * Joining a live class: the link opens in a new tab (the button is a real link) and, inside the window
 * the database allows, the student's own attendance is recorded. A failure never blocks joining.
 */
export function useJoinClass(userId: string | null) {
  const [recorded, setRecorded] = useState<ReadonlySet<string>>(() => new Set());
  const [problem, setProblem] = useState<AttendanceProblem | null>(null);

  const join = useCallback(
    async (cls: DashboardClass) => {
      if (!userId || recorded.has(cls.id) || !canRecordOwnAttendance(cls, new Date())) return;
      const result = await classesService.markAttendance({
        classId: cls.id,
        userId,
        attended: true,
      });
      if (result.success) {
        setRecorded((previous) => new Set(previous).add(cls.id));
        setProblem((current) => (current?.classTitle === cls.title ? null : current));
      } else {
        setProblem({ classTitle: cls.title, error: result.error });
      }
    },
    [userId, recorded],
  );

  return { join, recorded, problem, dismissProblem: () => setProblem(null) };
}
