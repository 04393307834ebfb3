import { useEffect } from 'react';
import { absoluteUrl } from '../../lib/site-origin.ts';

export { absoluteUrl };

/**
 * A public page's head (decision 027): its title, description and canonical address, as React 19
 * elements that React hoists into <head> wherever the page renders them (in the browser and in
 * server-side rendering alike), and optionally structured data for search engines.
 */
export function PageHead({
  title,
  description,
  path,
  jsonLd,
  noIndex = false,
}: {
  title: string;
  description: string;
  /** The page's own address (canonical), path only: the origin is added here. */
  path: string;
  jsonLd?: object;
  noIndex?: boolean;
}) {
  useShellDescriptionAside();
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} data-page="" />
      <link rel="canonical" href={absoluteUrl(path)} />
      {noIndex && <meta name="robots" content="noindex" />}
      {jsonLd && (
        <script
          type="application/ld+json"
          // JSON, not code: '<' is escaped so no text inside can close the element.
          dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }}
        />
      )}
    </>
  );
}

/**
 * The app's shell (index.html) has a description of its own for the pages that render none; while
 * a page with its own is shown, the shell's is taken out, so there is one description.
 */
function useShellDescriptionAside(): void {
  useEffect(() => {
    const shell = [...document.head.querySelectorAll('meta[name="description"]:not([data-page])')];
    const places = shell.map((m) => [m, m.parentNode, m.nextSibling] as const);
    shell.forEach((m) => m.remove());
    return () => {
      for (const [meta, parent, next] of places)
        parent?.insertBefore(meta, next?.parentNode === parent ? next : null);
    };
  }, []);
}
