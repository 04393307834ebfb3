import type { Config } from '../config.ts';
import type { DevOutbox } from './outbox.ts';
import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '#shared/phone.ts';
import type { Language } from '#shared/i18n/languages.ts';

export interface SmsMessage {
  /** +91 followed by 10 digits. */
  to: string;
  text: string;
  /** Template variables for gateways that send DLT-registered templates (India). */
  vars: Record<string, string>;
  /** Which DLT template: the login code (default) or the SMS fallback of a chat (`notify`). */
  template?: 'login' | 'notify';
  /** The recipient's language: `text` is in it, and so is the template when one is registered. */
  language?: Language;
}

export interface SmsDriver {
  send(message: SmsMessage): Promise<void>;
}

export class SmsDeliveryError extends Error {}

export function createSmsDriver(
  config: Config,
  outbox: DevOutbox,
  log: FastifyBaseLogger,
): SmsDriver {
  const sms = config.sms;
  if (sms.driver === 'http') return httpSmsDriver(sms);
  return {
    async send(message) {
      outbox.add({ channel: 'sms', to: message.to, text: message.text });
      log.info({ to: maskPhone(message.to) }, `[sms:console] ${message.text}`);
    },
  };
}

/**
 * MSG91-style gateway (flow API): POST JSON with the auth key in a header, the DLT template id,
 * the sender id and one recipient with the template's variables. Any non-2xx answer, network
 * error or slow answer is a failed delivery.
 */
export function httpSmsDriver(options: {
  url: string;
  authKey: string;
  senderId: string;
  templateId: string;
  /** The SMS fallback's template (SMS_NOTIFY_TEMPLATE_ID). */
  notifyTemplateId?: string;
  /** The Hindi templates (SMS_TEMPLATE_ID_HI, SMS_NOTIFY_TEMPLATE_ID_HI); English without them. */
  templateIdHi?: string;
  notifyTemplateIdHi?: string;
  timeoutMs?: number;
}): SmsDriver {
  return {
    async send(message) {
      const notify = message.template === 'notify';
      const hindi = message.language === 'hi';
      const templateId = notify
        ? ((hindi ? options.notifyTemplateIdHi : undefined) ?? options.notifyTemplateId)
        : ((hindi ? options.templateIdHi : undefined) ?? options.templateId);
      if (!templateId) throw new SmsDeliveryError('SMS gateway: no template for this message');
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            authkey: options.authKey,
          },
          body: JSON.stringify({
            template_id: templateId,
            sender: options.senderId,
            short_url: '0',
            recipients: [{ mobiles: message.to.replace(/^\+/, ''), ...message.vars }],
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
      } catch (err) {
        throw new SmsDeliveryError(`SMS gateway unreachable: ${(err as Error).message}`);
      }
      let body: string;
      try {
        body = await response.text();
      } catch (err) {
        throw new SmsDeliveryError(`SMS gateway answer unreadable: ${(err as Error).message}`);
      }
      // The answer goes into logs and the notification queue's last error: whatever it echoes of
      // the request (a phone number, a login code) is masked first (decision 028).
      const said = withoutPersonalData(body.slice(0, 200), message);
      if (!response.ok)
        throw new SmsDeliveryError(`SMS gateway answered ${response.status}: ${said}`);
      // MSG91 answers 200 with {"type":"error"} for some failures.
      if (/"type"\s*:\s*"error"/.test(body))
        throw new SmsDeliveryError(`SMS gateway refused: ${said}`);
    },
  };
}

/** A gateway's answer with the message's phone number and variables (a code, a name) masked. */
export function withoutPersonalData(
  text: string,
  message: { to: string; vars?: Record<string, string> },
): string {
  const secrets = [
    message.to,
    message.to.replace(/^\+/, ''),
    message.to.slice(-10),
    ...Object.values(message.vars ?? {}),
  ]
    .filter((v) => v.length >= 4)
    .sort((a, b) => b.length - a.length);
  let out = text;
  for (const secret of secrets) out = out.split(secret).join('***');
  // Anything else that looks like a phone number or a code.
  return out.replace(/\d{6,}/g, '***');
}
