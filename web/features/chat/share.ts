import { toast } from '#web/lib/toast.ts';
import { i18n } from '../../lib/i18n.ts';

function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Share sheet where the device has one; otherwise the link goes to the clipboard. */
export async function shareChatLink(title: string): Promise<void> {
  const url = window.location.href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (err) {
      // The person closed the sheet: nothing to do.
      if ((err as Error).name === 'AbortError') return;
    }
  }
  let copied: boolean;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch {
    copied = copyWithSelection(url);
  }
  if (copied) toast.success(i18n.t('chat.linkCopied'));
  else toast.error(i18n.t('errors.internal'));
}
