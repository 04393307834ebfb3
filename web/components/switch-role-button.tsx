import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import type { Me } from '#shared/schemas/auth.ts';
import type { UserRole } from '#shared/picklists.ts';
import { onboardingPath } from '#shared/routes.ts';
import { api } from '../lib/api.ts';
import { meKey, useMe } from '../lib/session.ts';
import { Button } from './ui/button.tsx';

/**
 * On the first onboarding step: someone who picked the wrong role at /onboarding can switch to
 * the other one (the role choice says 'You can change your user type later'). The server allows
 * it until onboarding ends and starts the other role's onboarding at step 1.
 */
export function SwitchRoleButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const [saving, setSaving] = useState(false);
  if (!me || me.isOnboarded || (me.role !== 'user' && me.role !== 'recruiter')) return null;
  const other: UserRole = me.role === 'user' ? 'recruiter' : 'user';

  async function change() {
    setSaving(true);
    try {
      const { user } = await api<{ user: Me }>('/api/me/role', {
        method: 'PUT',
        body: { role: other },
      });
      queryClient.setQueryData(meKey, user);
      toast.success(t('role.updated', { role: t(`role.${other}`) }));
      await navigate(onboardingPath(other, user.onboardingStep), { replace: true });
    } catch {
      toast.error(t('role.failed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Button variant="ghost" className="mt-6 w-full" disabled={saving} onClick={() => void change()}>
      {saving ? t('role.saving') : t('role.switchTo', { role: t(`role.${other}`) })}
    </Button>
  );
}
