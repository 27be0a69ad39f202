import {
  materialsLibraryReadModel,
  type ExtraMaterials,
  type ServiceError,
} from '@portal/shared-data';
import { useCallback, useEffect, useRef, useState } from 'react';

export type ExtraMaterialsState =
  | { status: 'loading'; previous: ExtraMaterials | null }
  | { status: 'error'; error: ServiceError; previous: ExtraMaterials | null }
  | { status: 'ready'; data: ExtraMaterials };

/** What was shown before this load, so a failed refresh keeps the list (and its filters) on screen. */
export function lastData(state: ExtraMaterialsState): ExtraMaterials | null {
  return state.status === 'ready' ? state.data : state.previous;
}

/** The general materials, in one request per load (SPEC §2 "Extra Materials"). */
export function useExtraMaterials() {
  const [state, setState] = useState<ExtraMaterialsState>({ status: 'loading', previous: null });
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current;
    setState((current) => ({ status: 'loading', previous: lastData(current) }));
    const result = await materialsLibraryReadModel.listExtraMaterials();
    if (request !== latest.current) return;
    setState((current) =>
      result.success
        ? { status: 'ready', data: result.data }
        : { status: 'error', error: result.error, previous: lastData(current) },
    );
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return { state, reload: load };
}
