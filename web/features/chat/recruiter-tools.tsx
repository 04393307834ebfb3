import { useState } from 'react';
import { CalendarClock, Download, FileQuestion, Lock, Tag } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import type { RoomView } from '#shared/schemas/chat.ts';
import type { MenuAction } from '../../components/moderation/safety-menu.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CandidateCard } from './candidate-card.tsx';
import { InterviewDialog } from './interview-dialog.tsx';
import { StatusDialog } from './status-dialog.tsx';
import { useDownloadResume } from './use-room-actions.ts';

/**
 * The recruiter's side of the chat: the candidate card, Download Resume, Schedule Interview,
 * Mark as. On a phone they fold into the chat header (issue 15): Schedule Interview and Mark as
 * are icons there, the resume is in its ⋮ menu, and the candidate card is a panel the avatar
 * opens (open by itself when the screen is tall enough, folded when the keyboard is up). The
 * resume is the candidate's to share (`contactShared`): until they reply here (or their
 * visibility lets a verified recruiter see it) the panel says so instead of offering it; with
 * nothing uploaded the action is 'Request Resume' (the automatic message asking for one), never
 * a 'Download Resume' that cannot download.
 */
export function useRecruiterTools(room: RoomView) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'status' | 'interview' | null>(null);
  const resume = useDownloadResume(room.id, room.seekerId);
  const shared = room.candidate?.contactShared ?? false;
  const hasResume = room.candidate?.hasResume ?? false;
  const resumeLabel = hasResume ? t('chat.downloadResume') : t('chat.requestResume');
  return { dialog, setDialog, resume, shared, hasResume, resumeLabel };
}
export type RecruiterToolsState = ReturnType<typeof useRecruiterTools>;

const iconButton = 'grid h-11 w-11 shrink-0 place-items-center rounded-full';

/** The header's icons: Schedule Interview and Mark as (named for screen readers and touch). */
export function RecruiterActions({ tools }: { tools: RecruiterToolsState }) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        onClick={() => tools.setDialog('interview')}
        aria-label={t('chat.scheduleInterview')}
        title={t('chat.scheduleInterview')}
        className={`${iconButton} text-slate-700 hover:bg-slate-100`}
      >
        <CalendarClock size={20} aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={() => tools.setDialog('status')}
        aria-label={t('chat.markAs')}
        title={t('chat.markAs')}
        className={`${iconButton} bg-brand-50 text-brand-800 hover:bg-brand-100`}
      >
        <Tag size={20} aria-hidden="true" />
      </button>
    </>
  );
}

/** The resume entry of the header's ⋮ menu, once the candidate shares it. */
export function resumeMenuActions(tools: RecruiterToolsState): MenuAction[] {
  if (!tools.shared) return [];
  const Icon = tools.hasResume ? Download : FileQuestion;
  return [
    {
      label: tools.resumeLabel,
      icon: <Icon size={16} aria-hidden="true" className="text-slate-500" />,
      disabled: tools.resume.busy,
      onSelect: () => void tools.resume.run(),
    },
  ];
}

/** The full candidate card under the header, with the resume action or why there is none. */
export function CandidatePanel({
  room,
  tools,
  id,
  hidden,
}: {
  room: RoomView;
  tools: RecruiterToolsState;
  id: string;
  hidden: boolean;
}) {
  const { t } = useTranslation();
  const Icon = tools.hasResume ? Download : FileQuestion;
  return (
    <section
      id={id}
      hidden={hidden}
      aria-label={t('chat.candidateSection')}
      className="border-b border-slate-100 px-4 py-2"
    >
      <CandidateCard room={room} />
      {tools.shared ? (
        <Button
          variant="outline"
          className="mt-2 min-h-11 w-full px-2 text-sm"
          disabled={tools.resume.busy}
          onClick={() => void tools.resume.run()}
        >
          <Icon size={16} aria-hidden="true" className="shrink-0" />
          {tools.resumeLabel}
        </Button>
      ) : (
        <p className="mt-2 flex items-start gap-1.5 text-xs text-slate-500">
          <Lock size={14} aria-hidden="true" className="mt-px shrink-0" />
          {t('trust.sharedOnceTheyChat')}
        </p>
      )}
    </section>
  );
}

/** 'Change candidate status' and 'Schedule Interview', opened from the header. */
export function RecruiterDialogs({ room, tools }: { room: RoomView; tools: RecruiterToolsState }) {
  const close = (open: boolean) => {
    if (!open) tools.setDialog(null);
  };
  return (
    <>
      <StatusDialog room={room} open={tools.dialog === 'status'} onOpenChange={close} />
      <InterviewDialog room={room} open={tools.dialog === 'interview'} onOpenChange={close} />
    </>
  );
}
