import { useState } from 'react';

/** Initials of a name ('Priya Sharma' → 'PS'); 'U' (for 'User') when there is no name. */
export function initials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'U';
  const first = parts[0]!.charAt(0);
  const last = parts.length > 1 ? parts[parts.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/** A round photo, or the person's initials when there is none or it fails to load. */
export function ProfileAvatar({
  imageUrl,
  name,
  alt,
  size = 'h-20 w-20 text-2xl',
}: {
  imageUrl: string | null | undefined;
  name: string | null | undefined;
  alt: string;
  size?: string;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  const showImage = imageUrl && broken !== imageUrl;
  return (
    <div
      className={`grid shrink-0 place-items-center overflow-hidden rounded-full bg-brand-100 font-bold text-brand-800 ${size}`}
    >
      {showImage ? (
        <img
          src={imageUrl}
          alt={alt}
          className="h-full w-full object-cover"
          onError={() => setBroken(imageUrl)}
        />
      ) : (
        <span role="img" aria-label={alt}>
          {initials(name)}
        </span>
      )}
    </div>
  );
}
