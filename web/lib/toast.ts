import type { ExternalToast, toast as sonnerToast } from 'sonner';

// Toasts through sonner, loaded on the first toast rather than on the first visit: sonner is
// 10 KB gzipped, and no first screen shows a toast before the person acts (docs/decisions/021).
// The host (web/app/toast-host.tsx) mounts sonner's <Toaster> when asked and says when it is
// listening; toasts raised before that wait for it, in order. Ids are ours, so a loading toast
// can be replaced by its outcome (`toast.success(text, { id })`) before sonner has arrived.

type Sonner = typeof sonnerToast;
type Text = string;

let ready: Promise<Sonner> | null = null;
let resolveReady: ((s: Sonner) => void) | null = null;
let requestHost: (() => void) | null = null;
let nextId = 0;

/** Called by the toast host once: how to ask it to mount sonner. */
export function attachToastHost(request: () => void): void {
  requestHost = request;
  // A toast raised before the host mounted is waiting already.
  if (ready) request();
}

/** Called by the mounted <Toaster> once it listens. */
export function toasterListening(sonner: Sonner): void {
  resolveReady?.(sonner);
}

function sonner(): Promise<Sonner> {
  if (!ready) {
    ready = new Promise<Sonner>((resolve) => (resolveReady = resolve));
    requestHost?.();
  }
  return ready;
}

/**
 * Toasts sit at top-centre (the spec's route table), below the controls at the screen's top: a
 * screen's sticky <header> and what is stacked right under it, such as an edit form's action row
 * (docs/decisions/028, session 21: a toast at the very top covered Save on the profile). An
 * element that is not a <header> but stays at the top with it carries this attribute.
 */
export const TOASTS_BELOW = { 'data-toasts-below': '' } as const;

/** The least room a toast keeps above the screen's bottom. */
const TOAST_ROOM_PX = 120;

/**
 * Sets `--toasts-below` on <html>: how far down from the viewport's top the toasts start. Below
 * the stack of headers and marked rows that starts at the top of the viewport now (one scrolled
 * away, or a header inside the content, does not count), and below a form's submit button shown
 * in the screen's upper half, so the toast that a submit raised does not cover it. Measured when a
 * toast is shown, and while one is shown when the page scrolls or the viewport changes (the
 * keyboard).
 */
export function placeToasts(): void {
  const height = window.innerHeight;
  const boxes = [...document.querySelectorAll<HTMLElement>('header, [data-toasts-below]')]
    .map((el) => el.getBoundingClientRect())
    .filter((box) => box.height > 0 && box.bottom > 0)
    .sort((a, b) => a.top - b.top);
  let below = 0;
  for (const box of boxes) if (box.top <= below + 2) below = Math.max(below, box.bottom);
  for (const el of document.querySelectorAll<HTMLElement>('button[type=submit]')) {
    const box = el.getBoundingClientRect();
    if (box.height === 0 || box.bottom <= 0 || box.top > height / 2) continue;
    below = Math.max(below, box.bottom);
  }
  below = Math.min(below, Math.max(0, height - TOAST_ROOM_PX));
  document.documentElement.style.setProperty('--toasts-below', `${Math.round(below)}px`);
}

type Show = (text: Text, options?: ExternalToast) => string | number;

function shower(kind: 'message' | 'success' | 'error' | 'info' | 'warning' | 'loading'): Show {
  return (text, options) => {
    const id = options?.id ?? `t${++nextId}`;
    void sonner().then((s) => {
      placeToasts();
      (kind === 'message' ? s : s[kind])(text, { ...options, id });
    });
    return id;
  };
}

export const toast = Object.assign(shower('message'), {
  success: shower('success'),
  error: shower('error'),
  info: shower('info'),
  warning: shower('warning'),
  loading: shower('loading'),
  dismiss(id?: string | number): void {
    if (ready) void ready.then((s) => s.dismiss(id));
  },
});
