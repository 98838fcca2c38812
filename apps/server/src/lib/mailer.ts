import type { Transporter } from "nodemailer";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { mailDeliveries, outbox } from "../db/schema/index.ts";
import type { Executor } from "./events.ts";
import type { JobDefinition, Jobs } from "./jobs.ts";
import { eq } from "drizzle-orm";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on notification mail). */
  headers?: Record<string, string>;
}

/** Where mail finally goes: an SMTP relay, or the outbox table (readable in development). */
export interface MailTransport {
  readonly kind: "smtp" | "outbox";
  deliver(mail: Mail): Promise<void>;
}

export interface SendMailOptions {
  /** The caller's open transaction: the mail goes out only if it commits. */
  tx?: Executor;
  /**
   * What makes this mail the same mail (a reminder for one plan, person and day): a second send
   * with a key already delivered sends nothing. Defaults to the job's own id.
   */
  key?: string;
}

/** What modules use: sending queues the mail; a job delivers it, so no answer waits on SMTP. */
export interface Mailer {
  send(mail: Mail, opts?: SendMailOptions): Promise<void>;
  readonly transport: MailTransport["kind"];
}

/** SMTP when `SMTP_URL` is set; otherwise the outbox table. */
export function createTransport(opts: { db: Db; smtpUrl?: string; from: string }): MailTransport {
  if (opts.smtpUrl) {
    const smtpUrl = opts.smtpUrl;
    // nodemailer is imported at the first delivery, not at start.
    let transporter: Promise<Transporter> | undefined;
    return {
      kind: "smtp",
      async deliver(mail) {
        transporter ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
        await (await transporter).sendMail({ from: opts.from, ...mail });
      },
    };
  }
  return {
    kind: "outbox",
    async deliver(mail) {
      await opts.db.insert(outbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers ?? null });
    },
  };
}

const MailJob = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  key: z.string().min(1).optional(),
});

/**
 * Defines the mail job on `jobs` and answers the mailer that queues it. Delivery claims the mail's
 * key first: a job run twice (a worker lost after sending, a retry) finds the key taken and sends
 * nothing; a failed delivery gives the key back so that the retry sends.
 */
export function createMailer(d: { db: Db; jobs: Jobs; transport: MailTransport }): Mailer {
  const deliver: JobDefinition<typeof MailJob> = {
    name: "mail.deliver",
    data: MailJob,
    retryLimit: 8,
    retryDelay: 30,
    async run({ key, ...mail }, job) {
      const claim = key ?? `job:${job.id}`;
      const [claimed] = await d.db.insert(mailDeliveries).values({ key: claim }).onConflictDoNothing().returning();
      if (!claimed) return;
      try {
        await d.transport.deliver(mail);
      } catch (err) {
        await d.db.delete(mailDeliveries).where(eq(mailDeliveries.key, claim));
        throw err;
      }
    },
  };
  d.jobs.define(deliver);
  return {
    transport: d.transport.kind,
    async send(mail, opts = {}) {
      await d.jobs.send(deliver, { ...mail, ...(opts.key ? { key: opts.key } : {}) }, { tx: opts.tx });
    },
  };
}
