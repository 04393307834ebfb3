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
 * Toasts sit at the bottom, above the screen's own bottom controls (docs/decisions/028, session
 * 21): an element with this attribute is one of them (the bottom navigation, a screen's fixed
 * action bar, the chat's composer, a dialog's bottom sheet). A toast never covers them, nor the
 * header and the action rows under it at the top.
 */
export const TOASTS_ABOVE = { 'data-toasts-above': '' } as const;

/** The least room a toast keeps above the screen's top (a sheet nearly as tall as the screen). */
const TOAST_ROOM_PX = 120;

/**
 * Sets `--toasts-above` on <html>: how far up from the viewport's bottom the toasts start. Above
 * the highest marked element that reaches the bottom (a dialog centred on a wide screen does not),
 * and above a form's submit button shown in the lower half of the screen (SAVE & NEXT at the end
 * of a form scrolled to its end), so the toast that a submit raised does not cover it. Measured
 * when a toast is shown, and while one is shown when the page scrolls or the viewport changes
 * (the keyboard).
 */
export function placeToasts(): void {
  const height = window.innerHeight;
  let above = 0;
  for (const el of document.querySelectorAll<HTMLElement>('[data-toasts-above]')) {
    const box = el.getBoundingClientRect();
    if (box.height === 0 || box.bottom < height - 2) continue;
    above = Math.max(above, height - box.top);
  }
  for (const el of document.querySelectorAll<HTMLElement>('button[type=submit]')) {
    const box = el.getBoundingClientRect();
    if (box.height === 0 || box.top < height / 2 || box.top >= height) continue;
    above = Math.max(above, height - box.top);
  }
  above = Math.min(above, Math.max(0, height - TOAST_ROOM_PX));
  document.documentElement.style.setProperty('--toasts-above', `${Math.round(above)}px`);
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
