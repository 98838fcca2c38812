import { z } from "zod";
import type { NotificationKind } from "@learnward/contracts";
import type { Db } from "../../db/client.ts";
import type { Executor } from "../../lib/events.ts";
import type { JobDefinition, Jobs } from "../../lib/jobs.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { notificationMail } from "./notifications.mail.tsx";
import type { NotificationsRepo } from "./notifications.repo.ts";
import { unsubscribeHeaders, unsubscribeLinks, type UnsubscribeTokens } from "./unsubscribe.token.ts";

export interface Notice {
  /** Who is told (account ids); each gets their own notification. */
  to: number[];
  companyId: number | null;
  kind: NotificationKind;
  params: Record<string, string | number | null>;
  /** App path it leads to (`/plans/12`). */
  link: string;
  /**
   * Makes it happen once per person: a second notice with the same key for the same person is
   * dropped (a reminder job that runs twice, two processes on one schedule).
   */
  key?: string;
}

const MailBatch = z.object({ ids: z.array(z.number().int().positive()).min(1) });

/**
 * Telling people: `notify` writes the notifications in the caller's transaction and
 * queues their mail in it, so a rolled-back write tells nobody. The mail job sends each in the
 * person's language when their choice for the kind is "immediately" (the default); digests gather
 * the others.
 */
export function createNotifier(d: { db: Db; repo: NotificationsRepo; jobs: Jobs; mailer: Mailer; publicUrl: string; tokens: UnsubscribeTokens }) {
  const mail: JobDefinition<typeof MailBatch> = {
    name: "notifications.mail",
    data: MailBatch,
    async run({ ids }) {
      for (const n of await d.repo.forMail(ids)) {
        if (n.mailedAt || n.mail !== "immediately" || n.status !== "active") continue;
        await d.db.transaction(async (tx) => {
          if (!(await d.repo.claimMail(tx, n.id))) return;
          // Every mail can be turned off in one click (RFC 8058), from the mail client or the page the footer links.
          const unsubscribe = unsubscribeLinks(d.publicUrl, d.tokens.sign(n.accountId, n.kind));
          const message = await notificationMail({
            to: n.email,
            name: n.name,
            locale: n.locale,
            company: n.companyName,
            kind: n.kind,
            params: n.params,
            url: `${d.publicUrl}${n.link}`,
            unsubscribeUrl: unsubscribe.page,
          });
          await d.mailer.send({ ...message, headers: unsubscribeHeaders(unsubscribe.api) }, { tx, key: `notification:${n.id}` });
        });
      }
    },
  };
  d.jobs.define(mail);

  return {
    /** Writes one notification per person in `to` and queues their mail; answers the new ids. */
    async notify(tx: Executor, notice: Notice): Promise<number[]> {
      const to = [...new Set(notice.to)];
      const ids = await d.repo.insert(
        tx,
        to.map((accountId) => ({
          accountId,
          companyId: notice.companyId,
          kind: notice.kind,
          params: notice.params,
          link: notice.link,
          key: notice.key ?? null,
        })),
      );
      for (let i = 0; i < ids.length; i += 500) await d.jobs.send(mail, { ids: ids.slice(i, i + 500) }, { tx });
      return ids;
    },
  };
}
export type Notifier = ReturnType<typeof createNotifier>;

declare module "fastify" {
  interface FastifyInstance {
    /** Tells people (tests and scripts reach it here; modules get it passed in). */
    notifier: Notifier;
  }
}
