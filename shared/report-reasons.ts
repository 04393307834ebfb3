// Why a user reports (issue 12): the person asks for money, the job is fake, harassment, spam,
// other. Apart from the report's zod schema (shared/schemas/moderation.ts) so that the screens
// showing a report dialog do not build the schemas when they start (decision 024).
export const REPORT_REASONS = ['money', 'fake_job', 'harassment', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
