import { useParams } from 'react-router';
import { useMe } from '../../lib/session.ts';
import { CandidateProfilePage } from './candidate-profile-page.tsx';
import { OtherCandidateScreen } from './other-candidate-screen.tsx';

/**
 * /candidate/:id: the same screen as /candidate-profile. A seeker's own id shows their editable
 * profile; recruiters see the candidate read-only; anyone else gets 'Candidate not found'
 * (the server decides: it answers 404).
 */
export function CandidatePage() {
  const id = useParams().id ?? '';
  const { data: me } = useMe();
  if (me && me.role === 'user' && me.id === id) return <CandidateProfilePage />;
  return <OtherCandidateScreen key={id} id={id} />;
}
