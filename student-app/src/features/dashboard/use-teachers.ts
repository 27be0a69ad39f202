import { useCallback, useEffect, useState } from 'react';
import { usersService, type AppUser, type ServiceError } from '@portal/shared-data';

export type TeachersState =
  | { status: 'loading' }
  | { status: 'error'; error: ServiceError }
  | { status: 'ready'; teachers: AppUser[] };

export function useTeachers() {
  const [state, setState] = useState<TeachersState>({ status: 'loading' });
  const load = useCallback(async () => {
    setState({ status: 'loading' });
    const result = await usersService.listTeachers();
    setState(result.success ? { status: 'ready', teachers: result.data } : { status: 'error', error: result.error });
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return { state, reload: load };
}
