import { useEffect, useState } from 'react';
import type { FallbackProps } from 'react-error-boundary';
import { useTranslation } from '#web/lib/i18n.ts';
import { Button } from '../components/ui/button.tsx';
import { ScreenSkeleton } from '../components/ui/skeleton.tsx';
import {
  isChunkLoadError,
  markChunkReload,
  sessionStore,
  shouldReloadForChunk,
} from './chunk-reload.ts';

// One decision per error: React may call a state initialiser twice (StrictMode), and the second
// call must not read the mark the first one wrote.
const decisions = new WeakMap<Error, boolean>();

function decideReload(error: unknown): boolean {
  if (!(error instanceof Error) || !isChunkLoadError(error)) return false;
  let reload = decisions.get(error);
  if (reload === undefined) {
    const storage = sessionStore();
    reload = shouldReloadForChunk(storage) && markChunkReload(storage);
    decisions.set(error, reload);
  }
  return reload;
}

/**
 * What the app's error boundary shows (web/app/routes.tsx). A screen whose code
 * chunk failed to load (a deploy replaced it, or the network dropped) reloads the page once by
 * itself; anything else, or a second failure, shows a friendly screen with Retry. Retry reloads
 * the page: React.lazy and the browser's module map both keep a failed import, so rendering again
 * in the same page would fail again.
 */
export function RouteErrorScreen({ error }: FallbackProps) {
  const { t } = useTranslation();
  const [autoReload] = useState(() => decideReload(error));

  useEffect(() => {
    console.error('Screen failed:', error);
    if (autoReload) window.location.reload();
  }, [autoReload, error]);

  if (autoReload) return <ScreenSkeleton />;
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 px-4">
      <div role="alert" className="max-w-sm text-center">
        <h1 className="mb-3 text-2xl font-bold text-slate-900">{t('errorScreen.title')}</h1>
        <p className="mb-6 text-slate-600">{t('errorScreen.text')}</p>
        <Button onClick={() => window.location.reload()}>{t('errorScreen.retry')}</Button>
      </div>
    </main>
  );
}
