import { LogOut } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { useSignOut } from '../lib/use-sign-out.ts';
import { Button } from './ui/button.tsx';

/** Sign Out on an account screen (seeker profile, recruiter Profile tab and settings). */
export function SignOutButton({ className = 'w-full' }: { className?: string }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <Button variant="outline" className={className} onClick={() => void signOut()}>
      <LogOut size={18} aria-hidden="true" />
      {t('common.signOut')}
    </Button>
  );
}
