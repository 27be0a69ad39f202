import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { WaitingEntry } from '@portal/shared-data';
import { waitingListMutations, waitingListQueries } from './waiting-list-queries';

/**
 * A student's waiting lists for a screen (docs/waiting-list.md): their entries in one request, by course,
 * and the two actions. `userId` undefined (signed out, not a student) reads nothing. The screen keeps
 * them live with useWaitingListLive (a seat given arrives as the student's notification).
 */
export function useMyWaitingList(userId: string | undefined) {
  const entries = useQuery({ ...waitingListQueries.mine(), enabled: Boolean(userId) });
  const join = useMutation(waitingListMutations.join());
  const leave = useMutation(waitingListMutations.leave());
  const byCourse = useMemo(
    () =>
      new Map<string, WaitingEntry>((entries.data ?? []).map((entry) => [entry.courseId, entry])),
    [entries.data],
  );
  return {
    entries,
    byCourse,
    /** Still reading the student's entries (not when nothing is to be read). */
    loading: entries.isPending && entries.fetchStatus !== 'idle',
    join: (courseId: string) => join.mutateAsync(courseId),
    leave: (entryId: string) => leave.mutateAsync(entryId),
  };
}
