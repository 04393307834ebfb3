import { ReceiptText } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';

/** "GST registered": the company's GSTIN passed the format, check-digit and state checks. */
export function GstRegisteredMark({ size = 14 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex shrink-0 items-center gap-0.5 text-xs font-semibold text-slate-600">
      <ReceiptText size={size} aria-hidden="true" className="shrink-0" />
      {t('gst.registered')}
    </span>
  );
}
