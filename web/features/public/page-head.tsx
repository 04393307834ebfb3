import { absoluteUrl } from '../../lib/site-origin.ts';
import { useOwnHead } from '../../lib/document-head.tsx';

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
  useOwnHead();
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
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
