import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Outgoing mail over SMTP (NARRASCOPE_SMTP_URL, e.g. smtp://user:pass@mail.example.org:587 or smtps://...).
 * Without it nothing is sent and a warning says so; the mail's content is never logged because reset links
 * carry secrets.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(smtpUrl: string | null, private readonly from: string, private readonly logger: Logger) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  /** Answers whether the message was handed to the SMTP server. Failures are logged without the message body. */
  async send(mail: Mail): Promise<boolean> {
    if (!this.transport) {
      this.logger.warn({ subject: mail.subject }, 'mail not sent: NARRASCOPE_SMTP_URL is not set');
      return false;
    }
    try {
      await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
      return true;
    } catch (err) {
      this.logger.error({ subject: mail.subject, error: (err as Error).message }, 'mail could not be sent');
      return false;
    }
  }

  close(): void {
    this.transport?.close();
  }
}
