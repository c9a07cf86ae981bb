import nodemailer from 'nodemailer';

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

export function createMailer(options: MailerOptions): Mailer {
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
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
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
