// The site's public origin, for absolute addresses (canonical links, structured data): set by the
// server while it renders a page (web/prerender.tsx) and, from the page it sent, in the browser
// (web/main.tsx), so both write the same address; else the page's own origin.

let siteOrigin: string | null = null;

export function setSiteOrigin(origin: string | null): void {
  siteOrigin = origin;
}

/** An absolute address: the set origin, else the page's own; a bare path if neither is known. */
export function absoluteUrl(path: string): string {
  const origin = siteOrigin ?? (typeof location === 'undefined' ? '' : location.origin);
  return `${origin}${path}`;
}
