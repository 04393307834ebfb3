import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A person's photo, or their initials when there is none (or it fails to load). */
export function Avatar({
  name,
  url,
  size = 'lg',
}: {
  name: string | null;
  url: string | null;
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState<string | null>(null);
  const box = size === 'lg' ? 'h-20 w-20 text-2xl' : 'h-12 w-12 text-base';
  const initials =
    (name ?? '')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join('') || 'U';
  if (url && broken !== url) {
    return (
      <img
        src={url}
        alt={t('profile.photoAlt', { name: name ?? '' })}
        onError={() => setBroken(url)}
        className={`${box} shrink-0 rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} grid shrink-0 place-items-center rounded-full bg-brand-100 font-bold text-brand-800`}
    >
      {initials}
    </span>
  );
}
