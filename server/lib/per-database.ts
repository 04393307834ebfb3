/**
 * One value per database handle, made on first use: what a process keeps beside its database
 * (the feed's kept rankings and pages). Keyed by the handle, as test suites run several
 * databases in one process, and dropped with it.
 */
export function perDatabase<T>(make: () => T): (db: object) => T {
  const held = new WeakMap<object, T>();
  return (db) => {
    let value = held.get(db);
    if (value === undefined) {
      value = make();
      held.set(db, value);
    }
    return value;
  };
}
