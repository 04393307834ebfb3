import { lazy, Suspense, useEffect, useState } from 'react';
import { attachToastHost } from '../lib/toast.ts';

const Toasts = lazy(() => import('./toasts.tsx'));

/** Mounts sonner's toaster on the first toast (web/lib/toast.ts), not on the first visit. */
export function ToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => attachToastHost(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
