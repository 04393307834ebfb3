import { useId, useRef, useState } from 'react';
import { Camera } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { imageSrcSet } from '#web/lib/image-srcset.ts';
import { toast } from '#web/lib/toast.ts';
import { apiUpload, errorMessage } from '../lib/api.ts';

export interface UploadedImage {
  key: string;
  url: string;
}

/**
 * Picks an image and uploads it at once; the server checks type and size from the bytes and
 * re-encodes it. The form keeps the returned storage key.
 */
export function ImageUpload({
  purpose,
  label,
  buttonLabel,
  imageUrl,
  onUploaded,
  shape = 'circle',
  disabled,
}: {
  purpose: 'avatar' | 'logo';
  label: string;
  buttonLabel: string;
  imageUrl: string | null | undefined;
  onUploaded: (image: UploadedImage) => void;
  shape?: 'circle' | 'square';
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [broken, setBroken] = useState(false);

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      const image = await apiUpload<UploadedImage>(`/api/uploads/image?purpose=${purpose}`, file);
      setBroken(false);
      onUploaded(image);
    } catch (err) {
      toast.error(errorMessage(err, t('upload.imageFailed')));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  const frame = shape === 'circle' ? 'rounded-full' : 'rounded-2xl';
  return (
    <div className="flex items-center gap-4">
      <div
        className={`grid h-20 w-20 shrink-0 place-items-center overflow-hidden bg-slate-100 text-slate-400 ${frame}`}
      >
        {imageUrl && !broken ? (
          <img
            src={imageUrl}
            srcSet={imageSrcSet(imageUrl)}
            sizes={imageSrcSet(imageUrl) && '80px'}
            width={80}
            height={80}
            decoding="async"
            alt={label}
            className="h-full w-full object-cover"
            onError={() => setBroken(true)}
          />
        ) : broken ? (
          <span className="px-1 text-center text-[10px]">{t('landing.imageUnavailable')}</span>
        ) : (
          <Camera aria-hidden="true" />
        )}
      </div>
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
          {label}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          // The button below opens it: no second, invisible tab stop.
          tabIndex={-1}
          className="sr-only"
          disabled={disabled || busy}
          onChange={(e) => void upload(e.target.files?.[0])}
        />
        <button
          type="button"
          disabled={disabled || busy}
          onClick={() => input.current?.click()}
          className="min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60"
        >
          {busy ? t('onboarding.uploading') : buttonLabel}
        </button>
      </div>
    </div>
  );
}
