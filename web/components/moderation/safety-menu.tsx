import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MoreVertical } from 'lucide-react';
import type { ReportTarget } from './report-dialog.tsx';

/** An entry of the screen's own put before the safety entries (the recruiter's chat: resume, Share). */
export interface MenuAction {
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
}

/** One "Report …" entry of the menu and the dialog it opens. */
export interface ReportEntry {
  label: string;
  title: string;
  target: ReportTarget;
}

/** The person the menu can block (or unblock, when `blocked` says they are). */
export interface BlockEntry {
  userId: string;
  name: string;
  label?: string;
  blocked?: boolean;
}

export interface SafetyMenuProps {
  label: string;
  reports: ReportEntry[];
  block?: BlockEntry;
  actions?: MenuAction[];
  className?: string;
}

/** The ⋮ button's look, the same before and after the menu's code has loaded. */
export const MENU_BUTTON =
  'grid h-11 w-11 shrink-0 place-items-center rounded-full text-slate-700 hover:bg-slate-100';

// The menu's code, fetched when a finger or the pointer comes near the button (or it takes the
// focus), so that the tap finds it loaded; a chunk that fails to load is the app's error boundary's
// (web/app/error-screen.tsx), as for a screen.
const loadMenu = () => import('./safety-menu-open.tsx');
const SafetyMenuOpen = lazy(() => loadMenu().then((m) => ({ default: m.SafetyMenuOpen })));
const prefetch = () => void loadMenu().catch(() => undefined);

/**
 * The "More actions" menu (⋮) of chats, job pages and candidate pages: Report … and Block or
 * Unblock. Until first tapped it is only its button: the menu, its dialogs and their libraries (a
 * third of a chat's script) neither load nor run with the page (decision 024), and the tap that
 * loads them opens the menu.
 */
export function SafetyMenu(props: SafetyMenuProps) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={wanted || undefined}
      onPointerEnter={prefetch}
      onTouchStart={prefetch}
      onFocus={prefetch}
      onClick={() => setWanted(true)}
      className={`${MENU_BUTTON} ${props.className ?? ''}`}
    >
      <MoreVertical size={20} aria-hidden="true" />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <SafetyMenuOpen {...props} defaultOpen />
    </Suspense>
  );
}
