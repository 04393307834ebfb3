import { useState } from 'react';
import { Building2 } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { imageSrcSet } from '#web/lib/image-srcset.ts';

/**
 * A company's logo at the size it is displayed (`size` in CSS pixels, so a `srcset` can be
 * chosen for it). Beside the company's name it is decoration (`decorative`); alone it is named
 * "{company} logo". Without a logo (or when it fails to load) a neutral placeholder keeps the
 * layout when `placeholder` is set, otherwise nothing is shown.
 */
export function CompanyLogo({
  url,
  company,
  size,
  decorative = false,
  placeholder = false,
}: {
  url: string | null | undefined;
  company: string;
  size: number;
  decorative?: boolean;
  placeholder?: boolean;
}) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState<string | null>(null);
  const box = { width: size, height: size };
  if (!url || broken === url) {
    if (!placeholder) return null;
    return (
      <span
        aria-hidden="true"
        data-testid="company-logo-placeholder"
        style={box}
        className="grid shrink-0 place-items-center rounded-lg border border-slate-100 bg-slate-50 text-slate-400"
      >
        <Building2 size={Math.round(size / 2)} />
      </span>
    );
  }
  return (
    <img
      src={url}
      srcSet={imageSrcSet(url)}
      sizes={imageSrcSet(url) && `${size}px`}
      alt={decorative ? '' : t('jobs.companyLogo', { company })}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      style={box}
      className="shrink-0 rounded-lg border border-slate-100 bg-white object-contain"
      onError={() => setBroken(url)}
    />
  );
}
