import { useCallback, useEffect, useState } from 'react';
import { usersService, type ServiceError } from '@portal/shared-data';

type Counts = { total: number; student: number; teacher: number; admin: number };

export type OverviewState =
  | { status: 'loading' }
  | { status: 'error'; error: ServiceError }
  | { status: 'ready'; counts: Counts };

/** One request: user counts by role. */
export function useSchoolOverview() {
  const [state, setState] = useState<OverviewState>({ status: 'loading' });
  const load = useCallback(async () => {
    setState({ status: 'loading' });
    const result = await usersService.countByRole();
    setState(result.success ? { status: 'ready', counts: result.data } : { status: 'error', error: result.error });
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return { state, reload: load };
}
