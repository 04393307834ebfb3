import { useTranslation } from '#web/lib/i18n.ts';

// Loading states shaped like what is coming (issue 15): the screen keeps its layout while its
// data arrives, so nothing jumps when it does (CLS), and it feels quicker than a spinner. Each is
// a polite status with the loading text for screen readers; the shapes themselves are hidden.

/** One grey placeholder block; it pulses unless the person asked for reduced motion. */
export function Bone({ className = '' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`block animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none ${className}`}
    />
  );
}

function LoadingText({ label }: { label?: string }) {
  const { t } = useTranslation();
  return <span className="sr-only">{label ?? t('common.loading')}</span>;
}

/** A list of cards loading (feeds, lists, a screen's body). */
export function CardListSkeleton({ count = 4, label }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-3">
      <LoadingText label={label} />
      {Array.from({ length: count }, (_, i) => (
        <div key={i} aria-hidden="true" className="rounded-2xl border border-slate-100 p-4">
          <div className="flex items-center gap-3">
            <Bone className="h-10 w-10 shrink-0 rounded-xl" />
            <div className="flex-1">
              <Bone className="h-5 w-2/3" />
              <Bone className="mt-2 h-4 w-1/2" />
            </div>
          </div>
          <Bone className="mt-3 h-4 w-1/3" />
        </div>
      ))}
    </div>
  );
}

/** A whole screen loading: its header bar and cards, in the app's column. */
export function ScreenSkeleton({ label }: { label?: string }) {
  return (
    <div className="mx-auto min-h-dvh max-w-md bg-white">
      <div aria-hidden="true" className="border-b border-slate-100 px-4 py-4">
        <Bone className="h-6 w-1/2" />
      </div>
      <div className="px-4 py-4">
        <CardListSkeleton label={label} />
      </div>
    </div>
  );
}
