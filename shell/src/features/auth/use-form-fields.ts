import { useCallback, useState, type ChangeEvent } from 'react';

type StringKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

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

  /** value, onChange and error for a text input bound to one field. */
  const bind = <K extends StringKeys<T>>(field: K) => ({
    value: values[field] as string,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setField(field, event.currentTarget.value as T[K]),
    error: errors[field],
  });

  return { values, errors, setErrors, setField, bind };
}
