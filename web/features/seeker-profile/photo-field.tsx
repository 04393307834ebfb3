import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import type { SeekerProfileView } from '#shared/schemas/profile.ts';
import { ImageUpload } from '../../components/image-upload.tsx';

/** The profile picture in an editor: shows the saved one, then the uploaded one; hands up its key. */
export function PhotoField({
  profile,
  onChange,
}: {
  profile: SeekerProfileView;
  onChange: (key: string) => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(profile.profileImage);
  return (
    <ImageUpload
      purpose="avatar"
      label={t('profile.picture')}
      buttonLabel={t('onboarding.changePhoto')}
      imageUrl={url}
      onUploaded={(image) => {
        onChange(image.key);
        setUrl(image.url);
      }}
    />
  );
}
