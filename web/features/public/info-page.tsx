import { Link } from 'react-router';
import { useTranslation, type MessageKey } from '#web/lib/i18n.ts';
import { PageHead } from './page-head.tsx';
import { PublicLayout } from './public-layout.tsx';

/** The information pages of the header and footer, and the sections each one has, in order. */
const SECTIONS = {
  about: ['how', 'trust', 'languages'],
  'career-resources': ['profile', 'preferences', 'chat', 'safety', 'privacy'],
  pricing: ['seekers', 'recruiters', 'limits'],
  'recruiting-solutions': ['post', 'candidates', 'chat', 'trust'],
  'employer-resources': ['salary', 'reply', 'rules', 'data'],
  contact: ['email', 'report', 'data'],
  privacy: ['collect', 'who', 'public', 'sms', 'device', 'retention', 'rights', 'processors'],
  terms: ['account', 'jobs', 'moderation', 'content', 'ending'],
} as const;
export type InfoPageName = keyof typeof SECTIONS;

/** Where a page's readers usually go next. */
const NEXT: Partial<Record<InfoPageName, { to: string; label: MessageKey }>> = {
  about: { to: '/jobs', label: 'public.browseAll' },
  'career-resources': { to: '/jobs', label: 'public.browseAll' },
  'recruiting-solutions': { to: '/register', label: 'header.register' },
  'employer-resources': { to: '/pricing', label: 'public.links.pricing' },
  contact: { to: '/privacy', label: 'public.links.privacy' },
};

/**
 * About, Career Resources, Pricing, Recruiting Solutions, Employer Resources, Contact, Privacy
 * and Terms (spec section 2): one h1, a short introduction and titled sections, all from the
 * catalogue (`public.pages.<page>`), true to what the product does.
 */
export function InfoPage({ page }: { page: InfoPageName }) {
  const { t } = useTranslation();
  const key = (rest: string) => `public.pages.${page}.${rest}` as MessageKey;
  const next = NEXT[page];
  // About keeps the texts it had before these pages (`info`).
  const title = page === 'about' ? t('info.aboutTitle') : t(key('title'));
  const intro = page === 'about' ? t('info.aboutText') : t(key('description'));
  return (
    <PublicLayout>
      <PageHead title={t(key('metaTitle'))} description={intro} path={`/${page}`} />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-3 text-lg text-slate-700">{intro}</p>
      <div className="mt-8 flex flex-col gap-6">
        {SECTIONS[page].map((section) => (
          <section key={section} aria-labelledby={`${page}-${section}`}>
            <h2 id={`${page}-${section}`} className="mb-2 text-lg font-bold text-slate-900">
              {t(key(`sections.${section}.title`))}
            </h2>
            <p className="leading-relaxed text-slate-700">{t(key(`sections.${section}.text`))}</p>
          </section>
        ))}
      </div>
      {next && (
        <p className="mt-8">
          <Link
            to={next.to}
            className="inline-flex min-h-11 items-center rounded-xl bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
          >
            {t(next.label)}
          </Link>
        </p>
      )}
    </PublicLayout>
  );
}
