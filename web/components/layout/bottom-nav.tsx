import { House, MessageCircle, User } from 'lucide-react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../lib/session.ts';

// decisions.md "Screens the spec leaves open": targets by role.
const TARGETS = {
  user: ['/jobseeker-dashboard', '/job-chats', '/candidate-profile'],
  recruiter: [
    '/recruiter-dashboard/Home',
    '/recruiter-dashboard/Messages',
    '/recruiter-dashboard/Profile',
  ],
} as const;

export function BottomNav() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  // Moderators have one screen (/admin) and no tabs.
  if (!me?.role || me.role === 'admin') return null;
  const [home, messages, profile] = TARGETS[me.role];
  const items = [
    { to: home, label: t('nav.home'), Icon: House },
    { to: messages, label: t('nav.messages'), Icon: MessageCircle },
    { to: profile, label: t('nav.profile'), Icon: User },
  ];
  return (
    <nav
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-10 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="mx-auto flex max-w-md justify-around">
        {items.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                `flex min-w-20 flex-col items-center gap-0.5 px-3 py-2 text-xs font-medium ${isActive ? 'text-brand-700' : 'text-slate-500 hover:text-slate-800'}`
              }
            >
              <Icon size={22} aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
