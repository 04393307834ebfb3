import { useParams } from 'react-router';
import { CompanyStep } from './company-step.tsx';
import { FirstJobStep } from './first-job-step.tsx';
import { ProfileStep } from './profile-step.tsx';
import { VerificationStep } from './verification-step.tsx';

/** /onboarding/recruiter/:step: profile, company details, verification, first job post. */
export function RecruiterOnboardingPage() {
  const { step } = useParams();
  switch (Number(step)) {
    case 2:
      return <CompanyStep />;
    case 3:
      return <VerificationStep />;
    case 4:
      return <FirstJobStep />;
    default:
      return <ProfileStep />;
  }
}
