import { useState } from 'react';

/** Controlled form state: the values and a setter for one field. */
export function useFormValues<T extends object>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const set = <K extends keyof T>(key: K, value: T[K]) =>
    setValues((prev) => ({ ...prev, [key]: value }));
  return [values, set, setValues] as const;
}
