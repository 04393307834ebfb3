import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import { imageSrcSet } from '#web/lib/image-srcset.ts';

/** Initials of a name ('Priya Sharma' → 'PS'); 'U' (for 'User') when there is no name. */
export function initials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'U';
  const last = parts.length > 1 ? parts[parts.length - 1]!.charAt(0) : '';
  return (parts[0]!.charAt(0) + last).toUpperCase();
}

/**
 * A person's round photo, or their initials when there is none (or it fails to load). Beside a
 * visible name it is decoration; with `alt` it stands for the person on its own.
 */
export function Avatar({
  name,
  url,
  size = 'lg',
  alt,
  lazy = false,
}: {
  name: string | null | undefined;
  url: string | null | undefined;
  size?: 'md' | 'lg';
  alt?: string;
  /** Below the fold (list rows): load when scrolled near. */
  lazy?: boolean;
}) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState<string | null>(null);
  const box = size === 'lg' ? 'h-20 w-20 text-2xl' : 'h-12 w-12 text-base';
  // The CSS size of the box, for the browser to pick the variant that fits (srcset + sizes).
  const px = size === 'lg' ? 80 : 48;
  if (url && broken !== url) {
    return (
      <img
        src={url}
        srcSet={imageSrcSet(url)}
        sizes={imageSrcSet(url) && `${px}px`}
        width={px}
        height={px}
        // Small and rarely the first screen's largest image: never worth blocking on.
        loading={lazy ? 'lazy' : undefined}
        decoding="async"
        alt={alt ?? t('profile.photoAlt', { name: name ?? '' })}
        onError={() => setBroken(url)}
        className={`${box} shrink-0 rounded-full object-cover`}
      />
    );
  }
  // Decorative initials are drawn by CSS, not written as text: inside a button or link named in
  // words ("Candidate details") they would be visible text missing from its name (WCAG 2.5.3).
  return alt ? (
    <span
      role="img"
      aria-label={alt}
      className={`${box} grid shrink-0 place-items-center rounded-full bg-brand-100 font-bold text-brand-800`}
    >
      {initials(name)}
    </span>
  ) : (
    <span
      aria-hidden="true"
      data-initials={initials(name)}
      className={`${box} grid shrink-0 place-items-center rounded-full bg-brand-100 font-bold text-brand-800 before:content-[attr(data-initials)]`}
    />
  );
}
