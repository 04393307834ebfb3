// Navigation asked for from outside React (the service worker's "open this chat" message,
// web/app/pwa-register.ts): the router's root registers its navigate function here.
type Navigate = (path: string) => void;

let current: Navigate | null = null;

export function setOutsideNavigate(navigate: Navigate | null): void {
  current = navigate;
}

/** Moves the app to `path` without a reload; a full load when the app has not mounted yet. */
export function navigateFromOutside(path: string): void {
  if (current) current(path);
  else window.location.assign(path);
}
