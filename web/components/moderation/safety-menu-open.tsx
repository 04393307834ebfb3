import { useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Ban, Flag, MoreVertical, ShieldCheck } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { errorMessage } from '../../lib/api.ts';
import { useBlockToggle } from '../../lib/moderation.ts';
import { BlockDialog } from './block-dialog.tsx';
import { ReportDialog } from './report-dialog.tsx';
import { MENU_BUTTON, type ReportEntry, type SafetyMenuProps } from './safety-menu.tsx';

const item =
  'flex min-h-11 cursor-pointer select-none items-center gap-2.5 rounded-lg px-3 text-sm font-medium text-slate-800 outline-none data-[highlighted]:bg-slate-100';

/**
 * The "More actions" menu (⋮) itself, once first asked for (safety-menu.tsx loads it): a menu
 * button with arrow-key navigation, Report … and Block or Unblock; each entry opens its dialog
 * (unblocking needs none: it is undone as easily). `defaultOpen`: opened by the tap that loaded it.
 */
export function SafetyMenuOpen({
  label,
  reports,
  block,
  actions = [],
  className = '',
  defaultOpen = false,
}: SafetyMenuProps & { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState<ReportEntry | null>(null);
  const [blocking, setBlocking] = useState(false);
  const unblock = useBlockToggle(block?.userId ?? '');

  const doUnblock = () => {
    if (!block) return;
    unblock.mutate(false, {
      onSuccess: () => toast.success(t('moderation.unblocked', { name: block.name })),
      onError: (err) => toast.error(errorMessage(err, t('moderation.unblockFailed'))),
    });
  };

  return (
    <>
      {/* Not modal: the dialogs it opens take the focus themselves. */}
      <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger
          aria-label={label}
          title={label}
          className={`${MENU_BUTTON} ${className}`}
        >
          <MoreVertical size={20} aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-30 min-w-48 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
          >
            {actions.map((action) => (
              <DropdownMenu.Item
                key={action.label}
                className={item}
                disabled={action.disabled}
                onSelect={action.onSelect}
              >
                {action.icon}
                {action.label}
              </DropdownMenu.Item>
            ))}
            {actions.length > 0 && <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />}
            {reports.map((entry) => (
              <DropdownMenu.Item
                key={entry.label}
                className={item}
                onSelect={() => setReporting(entry)}
              >
                <Flag size={16} aria-hidden="true" className="text-slate-500" />
                {entry.label}
              </DropdownMenu.Item>
            ))}
            {block &&
              (block.blocked ? (
                <DropdownMenu.Item
                  className={item}
                  disabled={unblock.isPending}
                  onSelect={doUnblock}
                >
                  <ShieldCheck size={16} aria-hidden="true" className="text-slate-500" />
                  {t('moderation.unblock')}
                </DropdownMenu.Item>
              ) : (
                <DropdownMenu.Item
                  className={`${item} text-red-700`}
                  onSelect={() => setBlocking(true)}
                >
                  <Ban size={16} aria-hidden="true" />
                  {block.label ?? t('moderation.block')}
                </DropdownMenu.Item>
              ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ReportDialog
        open={reporting !== null}
        onOpenChange={(open) => !open && setReporting(null)}
        title={reporting?.title ?? ''}
        target={reporting?.target ?? {}}
      />
      {block && (
        <BlockDialog
          open={blocking}
          onOpenChange={setBlocking}
          userId={block.userId}
          name={block.name}
        />
      )}
    </>
  );
}
