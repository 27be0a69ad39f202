import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * Runs `action` once when the page is reached with `?<name>=<value>` (a dashboard's Quick Action
 * linking to "Schedule Class"), then takes the parameter out of the address (replacing the history
 * entry), so Back and a reload do not open the dialog again. (A dialog that should survive a reload,
 * such as grading a linked submission, keeps its parameter in the address instead.)
 */
export function useSearchParamAction(name: string, action: (value: string) => void): void {
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  // The latest action without re-running the effect when the caller passes a new function.
  const latest = useRef(action);
  latest.current = action;
  useEffect(() => {
    if (value === null) return;
    latest.current(value);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [name, value, setParams]);
}
