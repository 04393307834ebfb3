import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { DevOutbox } from './outbox.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailDriver {
  send(message: MailMessage): Promise<void>;
}

export class MailDeliveryError extends Error {}

export function createMailDriver(
  config: Config,
  outbox: DevOutbox,
  log: FastifyBaseLogger,
): MailDriver {
  const mail = config.mail;
  if (mail.driver === 'smtp') return smtpMailDriver(mail.url, mail.from);
  return {
    async send(message) {
      outbox.add({
        channel: 'email',
        to: message.to.toLowerCase(),
        subject: message.subject,
        text: message.text,
      });
      log.info({ to: message.to }, `[mail:console] ${message.subject}: ${message.text}`);
    },
  };
}

/** SMTP through nodemailer; SMTP_URL like smtp://user:pass@host:587 (smtps:// for implicit TLS). */
export function smtpMailDriver(url: string, from: string): MailDriver {
  const parsed = new URL(url);
  const transport = nodemailer.createTransport({
    host: parsed.hostname,
    port: Number(parsed.port) || (parsed.protocol === 'smtps:' ? 465 : 587),
    secure: parsed.protocol === 'smtps:',
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    // Local relays and test servers may not offer TLS; production URLs use smtps:// or STARTTLS.
    ignoreTLS: parsed.searchParams.get('tls') === 'off',
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  });
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
      } catch (err) {
        // Relays name the recipient in their refusals ("550 <hr@…>: Recipient address rejected"),
        // and this message goes to the logs: the address is masked (decision 028, session 25).
        throw new MailDeliveryError(
          `SMTP delivery failed: ${withoutAddresses((err as Error).message)}`,
        );
      }
    },
  };
}

/** Every e-mail address in a text with its mailbox masked; the domain stays, for diagnosis. */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:]+@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g, '***@$1');
}
