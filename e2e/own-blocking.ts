// The page's own blocking time in a Lighthouse run (decision 024, "The page's own work and the
// host's"). Lighthouse's TBT adds up, for every main-thread task from the first contentful paint
// on, the part of the task over 50 ms once its observed length is multiplied by the CPU slowdown.
// The observed length is wall time: on this 2-core machine the page's renderer shares the CPU
// with Chromium's browser process, its compositor and the Node process serving the page and
// running Lighthouse, and whatever time a task waits for the CPU is multiplied too. Chromium's
// trace also records each task's thread time (`tdur`, the CPU it ran), and the same sum over that
// is what the page itself costs the device Lighthouse emulates.

/** The fields of a Chromium trace event read here. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

const BLOCKING_MS = 50;

/**
 * TBT's sum on CPU time, in ms: over the page's main-thread tasks starting at or after its first
 * contentful paint, each task's CPU time times `cpuSlowdown`, less 50 ms. NaN when the trace has
 * no page main thread, no first paint or no thread times.
 */
export function ownBlockingTime(events: TraceEvent[], cpuSlowdown: number): number {
  const tasksOf = new Map<string, TraceEvent[]>();
  for (const e of events)
    if (e.ph === 'X' && e.name === 'RunTask') {
      const key = `${e.pid}:${e.tid}`;
      const tasks = tasksOf.get(key);
      if (tasks) tasks.push(e);
      else tasksOf.set(key, [e]);
    }
  const wall = (tasks: TraceEvent[]) => tasks.reduce((sum, t) => sum + (t.dur ?? 0), 0);
  // The page's renderer main thread: the busiest one (Lighthouse's run also has the blank page's).
  const main = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => tasksOf.get(`${e.pid}:${e.tid}`) ?? [])
    .sort((a, b) => wall(b) - wall(a))[0];
  if (!main?.length) return Number.NaN;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main[0]!.pid);
  if (!fcp || main.every((t) => t.tdur === undefined)) return Number.NaN;
  return main
    .filter((t) => t.ts >= fcp.ts)
    .reduce((sum, t) => sum + Math.max(0, ((t.tdur ?? 0) / 1000) * cpuSlowdown - BLOCKING_MS), 0);
}
