import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Language } from '#shared/i18n/languages.ts';
import type { Me } from '#shared/schemas/auth.ts';
import { api, ApiError, onUnauthorized, setTabUser } from './api.ts';
import { i18n, setLanguage, wantedLanguage } from './i18n.ts';
import { toast } from './toast.ts';

// The signed-in user, read by every guard, header and screen: the app's one session query.

export const meKey = ['me'] as const;

// The signed-in user as this browser last saw them, kept in localStorage: screens render at once
// with it (a guard knows the role, the landing page sends a signed-in person on) while /api/me
// confirms, instead of waiting a round trip on a slow network before anything shows (decision
// 021). Only this one answer is kept, never other people's data; signing out removes it. The
// server still decides every request, so a stale copy can show a screen, never its data.
const KEPT_ME = 'nearhire.me';

function keptMe(): Me | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT_ME) ?? 'null') as Partial<Me> | null;
    return kept && typeof kept.id === 'string' && typeof kept.isOnboarded === 'boolean'
      ? (kept as Me)
      : undefined;
  } catch {
    return undefined; // storage blocked or unreadable: ask the server, as without it
  }
}

/** Whether this browser kept a signed-in user (the first render then sends them on). */
export function hasKeptUser(): boolean {
  return keptMe() !== undefined;
}

// What this tab last wrote (or found): the same answer again is not written again. A write to
// localStorage is synchronous, and the answer is confirmed on every page load, in the middle of
// the app taking its first screen over.
let lastKept: string | null | undefined;

function keepMe(me: Me | null | undefined): void {
  if (me === undefined) return;
  try {
    const text = me ? JSON.stringify(me) : null;
    lastKept ??= localStorage.getItem(KEPT_ME);
    if (text === lastKept) return;
    if (text) localStorage.setItem(KEPT_ME, text);
    else localStorage.removeItem(KEPT_ME);
    lastKept = text;
  } catch {
    // storage blocked: keeping is only an optimisation
  }
}

async function fetchMe(): Promise<Me | null> {
  try {
    return (await api<{ user: Me }>('/api/me')).user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** The signed-in user (null when signed out). Every guard and header reads this one query. */
export function useMe() {
  const queryClient = useQueryClient();
  useEffect(() => onUnauthorized((error) => void endSession(queryClient, error)), [queryClient]);
  const query = useQuery({
    queryKey: meKey,
    queryFn: fetchMe,
    staleTime: 60_000,
    // The kept copy shows at once and is checked with the server straight away.
    initialData: keptMe,
    initialDataUpdatedAt: 0,
  });
  useEffect(() => {
    keepMe(query.data);
    // The kept copy (updated at 0) may adopt a language, never overwrite the account's.
    syncLanguage(queryClient, query.data, query.dataUpdatedAt > 0);
    if (query.dataUpdatedAt > 0) rebindPush(query.data?.id ?? null);
  }, [query.data, query.dataUpdatedAt, queryClient]);
  return query;
}

// Whom this tab last bound the browser's push subscription to.
let pushBoundTo: string | null = null;

/**
 * Once per tab and person the server confirmed signed in: where notifications are allowed, the
 * browser's push subscription is registered again for this session (push.ts
 * `rebindPushOnThisDevice`, decision 028). When idle, and the push code only where notifications
 * are allowed: not in a first visit's JavaScript.
 */
function rebindPush(userId: string | null): void {
  if (userId === pushBoundTo) return;
  pushBoundTo = userId;
  if (!userId || typeof Notification === 'undefined' || Notification.permission !== 'granted')
    return;
  const run = () =>
    void import('./push.ts').then((m) => m.rebindPushOnThisDevice()).catch(() => undefined);
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 1000);
}

// The language follows the account once signed in (decision 026): the account's language is shown
// on every device; an account without one takes this device's (the visitor's choice or the
// browser's); a choice made on the switch while signed out goes with the next sign-in.
const UNSAVED = 'nearhire.language.unsaved';
let saving: Promise<void> | null = null;

function unsavedChoice(value?: boolean): boolean {
  try {
    if (value === true) localStorage.setItem(UNSAVED, '1');
    else if (value === false) localStorage.removeItem(UNSAVED);
    return localStorage.getItem(UNSAVED) === '1';
  } catch {
    return false;
  }
}

function syncLanguage(
  queryClient: QueryClient,
  me: Me | null | undefined,
  fromServer: boolean,
): void {
  if (!me || saving) return;
  const wanted = wantedLanguage();
  if (me.language && !unsavedChoice()) {
    if (me.language !== wanted) void setLanguage(me.language);
    return;
  }
  if (me.language === wanted) {
    unsavedChoice(false);
    return;
  }
  if (fromServer) void saveLanguage(queryClient, wanted).catch(() => undefined);
}

/** Remembers the language for the signed-in user: the server's texts follow it. */
export function saveLanguage(queryClient: QueryClient, language: Language): Promise<void> {
  saving = api<{ user: Me }>('/api/me/language', { method: 'PUT', body: { language } })
    .then(({ user }) => {
      unsavedChoice(false);
      queryClient.setQueryData(meKey, user);
    })
    .finally(() => {
      saving = null;
    });
  return saving;
}

/**
 * The language switch's choice: shown at once (its texts loaded first), kept on this device, and
 * saved for the account when someone is signed in, else with the next sign-in.
 */
export async function chooseLanguage(
  queryClient: QueryClient,
  language: Language,
  signedIn: boolean,
): Promise<void> {
  if (!signedIn) unsavedChoice(true);
  const shown = setLanguage(language);
  if (signedIn) await saveLanguage(queryClient, language);
  await shown;
}

type SignOutTask = (userId: string) => Promise<unknown> | void;
const signOutTasks = new Set<SignOutTask>();

/**
 * Work to do on this device when its user's session ends here, however it ends: a feature forgets
 * what it kept for them (the chat outbox, their unsent messages). It is given the user whose
 * session ended, and forgets only what it kept for that user.
 */
export function onSignOut(task: SignOutTask): () => void {
  signOutTasks.add(task);
  return () => void signOutTasks.delete(task);
}

/**
 * Keeps the user this tab shows, which every call names (api.ts `setTabUser`), in step with the
 * session query, from its first (kept or server-rendered) answer on.
 */
export function followTabUser(queryClient: QueryClient): void {
  const sync = () => setTabUser(queryClient.getQueryData<Me | null>(meKey)?.id ?? null);
  sync();
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === meKey[0]) sync();
  });
  if (typeof window !== 'undefined') window.addEventListener('pageshow', restored(queryClient));
}

/**
 * A page shown again from the back-forward cache (Back after leaving it for another page) is as
 * it was left, with its person's screen and data, though the browser may have signed out or
 * changed hands since: the kept user, which every page of the browser keeps in step, says so at
 * once, and the server confirms.
 */
function restored(queryClient: QueryClient) {
  return (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    const shown = queryClient.getQueryData<Me | null>(meKey)?.id;
    const now = keptMe()?.id;
    if (shown && now !== shown)
      void endSession(
        queryClient,
        now ? new ApiError(401, 'session.switched', i18n.t('session.switched'), null) : undefined,
      );
    void queryClient.invalidateQueries({ queryKey: meKey });
  };
}

let ending: Promise<void> = Promise.resolve();

// The user whose session last ended in this tab, kept for the tab's life (sessionStorage): the
// pages in its history are theirs, also after the Back button loads one anew.
const ENDED = 'nearhire.ended';
function endedUser(value?: string): string | null {
  try {
    if (value) sessionStorage.setItem(ENDED, value);
    return sessionStorage.getItem(ENDED);
  } catch {
    return value ?? null;
  }
}

/**
 * The state a guard gives the start screen when it sends a signed-out tab there: the page to come
 * back to after logging in, and whose page it was if a session ended in this tab, so that only
 * that person comes back to it (`returnPath`): on a shared phone the next one to sign in goes
 * home, not to the previous person's chat.
 */
export function signInState(from: string): { from: string; for?: string } {
  const owner = endedUser();
  return owner ? { from, for: owner } : { from };
}

/**
 * The session on this device has ended: signed out here, deleted, signed out from another device
 * or expired (any call answering 401, the socket closed as signed out). The signed-in user is
 * forgotten at once (the cached answer and the kept copy, so the guards leave the screen), the
 * cached answers of their data are dropped, and every sign-out task runs for that user. Once per
 * session: a later 401 finds nobody signed in, as does one on a visitor's page, and only confirms
 * that.
 */
export function endSession(queryClient: QueryClient, cause?: ApiError): Promise<void> {
  const cached = queryClient.getQueryData<Me | null>(meKey);
  const me = cached ?? keptMe();
  // At once, not when the cache tells its listeners: the next call must not name them.
  setTabUser(null);
  queryClient.setQueryData(meKey, null);
  keepMe(null);
  if (!me) return ending;
  endedUser(me.id);
  // Whatever was read for them (their chats, profile, candidates) leaves the cache.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meKey[0] });
  queryClient.getMutationCache().clear();
  // Ended elsewhere (another tab or device, a moderator, expiry): the person is told why.
  if (cause) toast.error(cause.message);
  // Someone else signed in on this browser since: the tab is theirs now, as a reload would be.
  // Otherwise nobody is signed in here: this browser stops showing the account's notifications.
  const switched = cause?.code === 'session.switched';
  if (switched) void queryClient.invalidateQueries({ queryKey: meKey });
  const push = switched ? null : import('./push.ts').then((m) => m.dropPushOnThisDevice());
  ending = Promise.allSettled([...[...signOutTasks].map(async (task) => task(me.id)), push]).then(
    () => undefined,
  );
  return ending;
}

/** Signs out on the server, then ends the session on this device (`endSession`). */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await api<void>('/api/auth/logout', { method: 'POST' });
  await endSession(queryClient);
}
