import { House, MessageCircle, User } from 'lucide-react';
import { NavLink } from 'react-router';
import { UnreadBadge } from '../unread-badge.tsx';
import { useTranslation } from '#web/lib/i18n.ts';
import { useMe } from '../../lib/session.ts';
import { useUnreadCounts } from '../../lib/unread.ts';

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
  const unread = useUnreadCounts()?.conversations ?? 0;
  // Moderators have one screen (/admin) and no tabs.
  if (!me?.role || me.role === 'admin') return null;
  const [home, messages, profile] = TARGETS[me.role];
  const items = [
    { to: home, label: t('nav.home'), Icon: House, unread: 0 },
    { to: messages, label: t('nav.messages'), Icon: MessageCircle, unread },
    { to: profile, label: t('nav.profile'), Icon: User, unread: 0 },
  ];
  return (
    <nav
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-10 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="mx-auto flex max-w-md justify-around">
        {items.map(({ to, label, Icon, unread }) => (
          <li key={to} className="relative">
            <NavLink
              to={to}
              // The number is drawn on the icon; the name says it in words.
              aria-label={
                unread > 0 ? t('unread.labelWithCount', { label, count: unread }) : undefined
              }
              className={({ isActive }) =>
                `flex min-w-20 flex-col items-center gap-0.5 px-3 py-2 text-xs font-medium ${isActive ? 'text-brand-700' : 'text-slate-500 hover:text-slate-800'}`
              }
            >
              <Icon size={22} aria-hidden="true" />
              {label}
            </NavLink>
            {/* Beside the link, not in it: the link's visible text stays its name's start. */}
            {unread > 0 && (
              <UnreadBadge
                count={unread}
                className="pointer-events-none absolute left-[calc(50%+3px)] top-0.5"
              />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
