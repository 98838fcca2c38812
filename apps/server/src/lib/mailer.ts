import nodemailer from "nodemailer";
import type { Db } from "../db/client.ts";
import { outbox } from "../db/schema/index.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
  readonly transport: "smtp" | "outbox";
}

/** SMTP when `SMTP_URL` is set; otherwise mail lands in the outbox table (readable in development). */
export function createMailer(opts: { db: Db; smtpUrl?: string; from: string }): Mailer {
  if (opts.smtpUrl) {
    const transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      transport: "smtp",
      async send(mail) {
        await transporter.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  return {
    transport: "outbox",
    async send(mail) {
      await opts.db.insert(outbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
  };
}
