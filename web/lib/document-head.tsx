import { useLayoutEffect, useSyncExternalStore } from 'react';
import { useTranslation } from './i18n.ts';
import { useMe } from './session.ts';
import { useUnreadCounts } from './unread.ts';

// The page's <title> and description, always React's and in the language shown (decision 028,
// session 23). The shell's own (index.html) stayed English for Hindi users, and a public page's
// title, which React made by adopting the shell's <title>, took it away when the page was left:
// the next screens had no title at all. React 19 hoists these elements into <head>; of two
// titles the one it mounted last comes first, which is the one the browser shows.

let ownHeads = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const ownHeadCount = () => ownHeads;
const changed = (by: number) => {
  ownHeads += by;
  for (const listener of listeners) listener();
};

/** A screen with a title and description of its own (PageHead): the app's step aside meanwhile. */
export function useOwnHead(): void {
  // Before the browser paints, so it never shows the app's title over the page's.
  useLayoutEffect(() => {
    changed(1);
    return () => changed(-1);
  }, []);
}

/**
 * The title and description of every screen that has none of its own, rendered by the router's
 * root: the brand line, or for someone signed in the unread count ("(3) NearHire", plain
 * "NearHire" at zero; decision 018). On the server it is rendered beside a page's own head, which
 * comes after it and wins (server/pages/page-shell.ts `splitHoisted` keeps the last).
 */
export function ShellHead() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const counts = useUnreadCounts();
  const hasOwn = useSyncExternalStore(subscribe, ownHeadCount, () => 0) > 0;
  if (hasOwn) return null;
  const name = t('brand.name');
  const chatter = me?.role === 'user' || me?.role === 'recruiter';
  const count = chatter ? counts?.conversations : undefined;
  const title =
    count === undefined
      ? t('brand.pageTitle')
      : count > 0
        ? t('unread.title', { count, name })
        : name;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={t('brand.pageDescription')} />
    </>
  );
}
