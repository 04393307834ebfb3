import { useState } from 'react';
import { CalendarClock, Download, Lock, Tag } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import type { RoomView } from '#shared/schemas/chat.ts';
import { Button } from '../../components/ui/button.tsx';
import { CandidateCard } from './candidate-card.tsx';
import { InterviewDialog } from './interview-dialog.tsx';
import { StatusDialog } from './status-dialog.tsx';
import { useDownloadResume } from './use-room-actions.ts';

/**
 * The recruiter's side of the chat: the candidate card, Download Resume, Schedule Interview,
 * Mark as. The resume is the candidate's to share (`contactShared`): until they reply here (or
 * their visibility lets a verified recruiter see it) the tools say so instead of offering it.
 */
export function RecruiterTools({ room }: { room: RoomView }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'status' | 'interview' | null>(null);
  const resume = useDownloadResume(room.id, room.seekerId);
  const shared = room.candidate?.contactShared ?? false;
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  return (
    <section
      aria-label={t('chat.candidateSection')}
      className="border-b border-slate-100 px-4 py-3"
    >
      <CandidateCard room={room} />
      <div className={`mt-3 grid gap-2 ${shared ? 'grid-cols-3' : 'grid-cols-2'}`}>
        {shared && (
          <Button
            variant="outline"
            className="min-h-10 px-2 text-xs"
            disabled={resume.busy}
            onClick={() => void resume.run()}
          >
            <Download size={16} aria-hidden="true" className="shrink-0" />
            {t('chat.downloadResume')}
          </Button>
        )}
        <Button
          variant="outline"
          className="min-h-10 px-2 text-xs"
          onClick={() => setDialog('interview')}
        >
          <CalendarClock size={16} aria-hidden="true" className="shrink-0" />
          {t('chat.scheduleInterview')}
        </Button>
        <Button className="min-h-10 px-2 text-xs" onClick={() => setDialog('status')}>
          <Tag size={16} aria-hidden="true" className="shrink-0" />
          {t('chat.markAs')}
        </Button>
      </div>
      {!shared && (
        <p className="mt-2 flex items-start gap-1.5 text-xs text-slate-500">
          <Lock size={14} aria-hidden="true" className="mt-px shrink-0" />
          {t('trust.sharedOnceTheyChat')}
        </p>
      )}
      <StatusDialog room={room} open={dialog === 'status'} onOpenChange={close} />
      <InterviewDialog room={room} open={dialog === 'interview'} onOpenChange={close} />
    </section>
  );
}
