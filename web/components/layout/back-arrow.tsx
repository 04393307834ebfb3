import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

const arrowClass =
  'grid h-11 w-11 shrink-0 place-items-center rounded-full text-slate-700 hover:bg-slate-100';

/**
 * The back arrow at the start of a screen's header, named by `label` (it has no text). A link
 * when back is a fixed place; a button when it depends on how the screen was reached.
 */
export function BackArrowLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} aria-label={label} title={label} className={arrowClass}>
      <ArrowLeft size={22} aria-hidden="true" />
    </Link>
  );
}

export function BackArrowButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <button type="button" onClick={onClick} aria-label={label} title={label} className={arrowClass}>
      <ArrowLeft size={22} aria-hidden="true" />
    </button>
  );
}
