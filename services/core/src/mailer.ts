import { normaliseAddress } from '@trove/contracts';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Resolves with the SMTP message id once the server has accepted the message. */
  sendMail(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

export interface MailerOptions {
  /** SMTP_URL, e.g. smtp://127.0.0.1:1025 or smtps://user:pass@smtp.example.com. */
  url: string;
  /** The From header, e.g. `"Trove" <no-reply@trove.example>`. */
  from: string;
}

/** The one mailbox in MAIL_FROM, for the SMTP envelope; a From that is not exactly one stops the start. */
export function envelopeSender(from: string): string {
  const addresses = addressparser(from, { flatten: true });
  const address = addresses.length === 1 ? normaliseAddress(addresses[0]?.address ?? '') : undefined;
  if (address === undefined) throw new Error('MAIL_FROM must name exactly one sender address');
  return address;
}

/**
 * The SMTP recipient of a queued mail. Routes only queue addresses of the one grammar (docs/decisions/090);
 * this refuses anything else once more, so a row from before that grammar cannot fan out to a list.
 */
export function envelopeRecipient(to: string): string {
  const address = normaliseAddress(to, { allowQuotedLocal: true });
  if (address === undefined) throw new Error('the recipient is not one mailbox');
  return address;
}

export function createMailer(options: MailerOptions): Mailer {
  const sender = envelopeSender(options.from);
  const transport = nodemailer.createTransport({
    url: options.url,
    // Give up on a silent server in seconds rather than nodemailer's minutes-long defaults; the
    // outbox that sends codes retries later, so waiting gains nothing.
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  return {
    async sendMail(message) {
      const recipient = envelopeRecipient(message.to);
      const info = await transport.sendMail({
        from: options.from,
        // The address as an object, so the To header is written from it and not re-read as a list.
        to: { name: '', address: recipient },
        // Issue 35 item 1: the SMTP envelope is set, never derived from headers by the library.
        envelope: { from: sender, to: [recipient] },
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
      });
      return { messageId: info.messageId };
    },
    close() {
      transport.close();
    },
  };
}
