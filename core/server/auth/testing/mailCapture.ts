import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback (smtp-server) that keeps every message it receives, for tests that follow
 * a password-reset e-mail. NARRASCOPE_SMTP_URL=smtp://127.0.0.1:<port> sends to it.
 */
export async function startMailCapture() {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Waits for the next message to an address (polling; mail is sent after the API answered). */
    async waitFor(to: string, since = 0, timeoutMs = 10_000): Promise<CapturedMail> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const hit = mails.slice(since).find((m) => m.to.includes(to));
        if (hit) return hit;
        if (Date.now() > until) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The password-reset link of a captured message (quoted-printable soft breaks undone). */
export function resetLinkOf(mail: CapturedMail): string {
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /(https?:\/\/\S+\/resetPassword\/\S+\?token=[A-Za-z0-9_%-]+)/.exec(body);
  if (!match) throw new Error(`no reset link in:\n${mail.raw}`);
  return match[1]!;
}
