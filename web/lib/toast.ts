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

type Show = (text: Text, options?: ExternalToast) => string | number;

function shower(kind: 'message' | 'success' | 'error' | 'info' | 'warning' | 'loading'): Show {
  return (text, options) => {
    const id = options?.id ?? `t${++nextId}`;
    void sonner().then((s) => (kind === 'message' ? s : s[kind])(text, { ...options, id }));
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
