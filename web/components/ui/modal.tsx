import { lazy, Suspense, useState, type ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}

// Radix's dialog and what it brings (focus trap, scroll lock, portals: a sixth of a chat's script)
// is fetched when a dialog first opens, not with every screen that has one (decision 024). A
// chunk that fails to load is the app's error boundary's (web/app/error-screen.tsx), as for a
// screen.
const ModalOpen = lazy(() => import('./modal-open.tsx').then((m) => ({ default: m.ModalOpen })));

/**
 * A modal dialog (role=dialog, aria-modal): focus moves into it and stays there, Escape and the
 * close button close it, and focus returns to the button that opened it.
 *
 * Nothing is mounted (or loaded) until it first opens: a closed Radix dialog still updates its
 * state when it mounts, and a server-rendered screen with several of them (a chat's report and
 * block dialogs) paid a synchronous render for each while being taken over (decision 024). Once
 * opened it stays mounted, so closing animates and hands focus back as Radix does.
 */
export function Modal(props: ModalProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalOpen {...props} />
    </Suspense>
  );
}
