import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { recruiterSettings } from '#shared/schemas/onboarding.ts';
import type { RecruiterProfileView } from '#shared/schemas/profile.ts';
import { ImageUpload } from '../../components/image-upload.tsx';
import { Button } from '../../components/ui/button.tsx';
import { BackArrowLink } from '../../components/layout/back-arrow.tsx';
import { ScreenSkeleton } from '../../components/ui/skeleton.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { fieldErrors, refuse } from '../../lib/validate.ts';
import { meKey } from '../../lib/session.ts';
import { useFocusOnSwitch } from '../../lib/focus.ts';
import { recruiterProfileKey, saveRecruiterSettings, useRecruiterProfile } from './api.ts';
import { Avatar } from '../../components/avatar.tsx';
import { BlockedPeopleCard } from '../../components/moderation/blocked-people-card.tsx';
import { SessionsCard } from '../../components/sessions-card.tsx';
import { YourDataCard } from '../../components/your-data-card.tsx';
import { NotificationSettingsCard } from '../../components/notification-settings-card.tsx';
import { LanguageSettingsCard } from '../../components/language-switch.tsx';
import { draftFrom, settingsBody, type SettingsDraft } from './settings-draft.ts';
import { SettingsSections } from './settings-sections.tsx';
import { SignOutButton } from '../../components/sign-out-button.tsx';
import { VerifiedMark } from '../../components/verified-mark.tsx';
import { formatDate } from '../../lib/dates.ts';
import type { MessageKey } from '#shared/i18n/messages.ts';

/**
 * The field a refused save is about, when the server names one: the GSTIN checks (format, check
 * digit, headquarters' state) are the server's, and their message belongs under that field.
 */
function fieldOf(err: unknown): string | null {
  return err instanceof ApiError && err.status === 400 && err.code.startsWith('gst.')
    ? 'gstin'
    : null;
}

/**
 * /recruiter-settings ('Profile Settings'): read-only until Edit; Save writes and goes back to view.
 * The people the recruiter blocked (to unblock), their data (export, account deletion) and Sign Out
 * are here too: it is the recruiter's account screen.
 */
export function RecruiterSettingsPage() {
  const { t } = useTranslation();
  const { data: profile, isPending, refetch } = useRecruiterProfile();
  if (isPending) return <ScreenSkeleton />;
  if (!profile)
    return (
      <SettingsFrame>
        <LoadError message={t('profile.loadFailed')} onRetry={refetch} />
      </SettingsFrame>
    );
  return <SettingsScreen profile={profile} />;
}

/** Why the server's re-check under a newer rule took the verified mark away (decision 010). */
function MarkRemovedNote({
  removed,
}: {
  removed: NonNullable<RecruiterProfileView['markRemoved']>;
}) {
  const { t, i18n } = useTranslation();
  return (
    <p className="mt-1 text-sm text-slate-800" data-testid="mark-removed">
      {t('trust.markRechecked', {
        date: formatDate(removed.at, i18n.language),
        reason: t(removed.key as MessageKey, removed.vars),
      })}
    </p>
  );
}

function SettingsScreen({ profile }: { profile: RecruiterProfileView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [saving, setSaving] = useState(false);
  const editing = draft !== null;
  const form = useRef<HTMLFormElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);
  // Editing starts at the form's first heading; back in view (saved or cancelled), at Edit.
  useFocusOnSwitch(editing, (edit) =>
    edit ? form.current?.querySelector('h2') : toggleButton.current,
  );

  const change = (patch: Partial<SettingsDraft>) => {
    setDraft((d) => (d ? { ...d, ...patch } : d));
    // A server message is about what was sent: editing that field makes it stale.
    setErrors((e) => {
      const left = { ...e };
      for (const key of Object.keys(patch)) delete left[key];
      return left;
    });
  };

  async function save() {
    if (!draft) return;
    const parsed = recruiterSettings.safeParse(settingsBody(draft));
    if (!parsed.success) {
      setInvalid(new Set(parsed.error.issues.map((i) => String(i.path[0]))));
      refuse(
        setErrors,
        fieldErrors(parsed.error.issues),
        parsed.error.issues[0]?.message ?? t('profile.updateFailed'),
      );
      return;
    }
    setInvalid(new Set());
    setErrors({});
    setSaving(true);
    try {
      const saved = await saveRecruiterSettings(parsed.data);
      queryClient.setQueryData(recruiterProfileKey, saved);
      toast.success(t('profile.updated'));
      // The server removes the mark when the company name, website or office e-mail changed:
      // the screen shows the answer's state, and says why the mark went.
      if (profile.isVerified && !saved.isVerified) toast.info(t('trust.markRemoved'));
      setDraft(null);
      // The name and photo also live on the signed-in user; counters may have moved meanwhile.
      void queryClient.invalidateQueries({ queryKey: recruiterProfileKey });
      void queryClient.invalidateQueries({ queryKey: meKey });
    } catch (err) {
      const message = errorMessage(err, t('profile.updateFailed'));
      const field = fieldOf(err);
      if (field) setErrors({ [field]: message });
      toast.error(message);
    } finally {
      setSaving(false);
    }
  }

  const toggle = editing ? (
    <Button
      ref={toggleButton}
      onClick={() => void save()}
      disabled={saving}
      className="min-h-11 px-3"
    >
      {saving ? t('settings.saving') : t('settings.save')}
    </Button>
  ) : (
    <Button
      ref={toggleButton}
      variant="outline"
      onClick={() => setDraft(draftFrom(profile))}
      className="min-h-11 px-3"
    >
      {t('settings.edit')}
    </Button>
  );

  const photoUrl = draft?.profileImageUrl ?? profile.profileImage;
  return (
    <SettingsFrame action={toggle}>
      <form
        ref={form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        className="flex flex-col gap-6"
      >
        <div className="flex items-center gap-4">
          {editing ? (
            <ImageUpload
              purpose="avatar"
              label={t('settings.photo')}
              buttonLabel={t('settings.changePhoto')}
              imageUrl={photoUrl}
              onUploaded={(img) => change({ profileImage: img.key, profileImageUrl: img.url })}
            />
          ) : (
            <>
              <Avatar
                url={photoUrl}
                name={profile.fullName}
                alt={profile.fullName || t('recruiterHome.defaultName')}
              />
              <div className="min-w-0">
                <p className="truncate text-lg font-bold">
                  {profile.fullName || t('recruiterHome.defaultName')}
                </p>
                <p className="flex items-center gap-2 text-sm text-slate-600">
                  <span className="truncate">
                    {profile.companyName || t('recruiterHome.defaultCompany')}
                  </span>
                  {profile.isVerified && <VerifiedMark domain={profile.verifiedDomain} />}
                </p>
              </div>
            </>
          )}
        </div>

        <SettingsSections
          profile={profile}
          draft={draft}
          invalid={invalid}
          errors={errors}
          onChange={change}
        />

        {editing && (
          <div className="flex gap-3">
            <Button
              variant="outline"
              className="flex-1"
              disabled={saving}
              onClick={() => {
                setDraft(null);
                setInvalid(new Set());
                setErrors({});
              }}
            >
              {t('settings.cancel')}
            </Button>
            <Button type="submit" className="flex-1" disabled={saving}>
              {saving ? t('settings.saving') : t('settings.saveChanges')}
            </Button>
          </div>
        )}
      </form>
      {!editing && (
        <div className="mt-6 flex flex-col gap-6">
          {!profile.isVerified && (
            // Skipped while onboarding, or lost with a new website or company name: it can be
            // done here at any time (decision 028).
            <section className="rounded-2xl border border-brand-200 bg-brand-50 p-4">
              <h2 className="text-base font-bold">{t('onboarding.verifyTitle')}</h2>
              {profile.markRemoved && <MarkRemovedNote removed={profile.markRemoved} />}
              <p className="mt-1 text-sm text-slate-700">{t('settings.verifyHint')}</p>
              <Link
                to="/recruiter-settings/verify"
                className="mt-3 inline-flex min-h-11 items-center rounded-xl bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
              >
                {t('settings.verifyNow')}
              </Link>
            </section>
          )}
          <LanguageSettingsCard />
          <NotificationSettingsCard />
          <BlockedPeopleCard />
          <SessionsCard />
          <YourDataCard />
          <SignOutButton className="w-full" />
        </div>
      )}
    </SettingsFrame>
  );
}

function SettingsFrame({ action, children }: { action?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto min-h-dvh max-w-md bg-white pb-10 shadow-sm">
      <header className="sticky top-0 z-10 flex items-center gap-2 border-b border-slate-100 bg-white/95 px-2 py-2 backdrop-blur">
        <BackArrowLink to="/recruiter-dashboard/Profile" label={t('settings.back')} />
        <h1 className="flex-1 text-xl font-bold">{t('settings.title')}</h1>
        {action}
      </header>
      <main className="px-4 py-4">{children}</main>
    </div>
  );
}
