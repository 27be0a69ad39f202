import { useCallback, useState } from 'react';

/**
 * Form values plus field errors; editing a field clears its error (SPEC §5).
 * Values are never reset on a failed submit.
 */
export function useFormFields<T extends Record<string, string | boolean>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});

  const setField = useCallback(<K extends keyof T>(field: K, value: T[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  return { values, errors, setErrors, setField };
}
