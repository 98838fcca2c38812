import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { JobDefinition, Jobs } from "../../lib/jobs.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { MailChoicesRepo } from "./mail-choices.repo.ts";
import { digestMail } from "./notifications.mail.tsx";
import { unsubscribeHeaders, unsubscribeLinks, type UnsubscribeTokens } from "./unsubscribe.token.ts";

type Frequency = "daily" | "weekly";

const NoData = z.object({}).passthrough();

/**
 * Digests: every day at 07:00 UTC, and on Mondays at 07:00 UTC, each person gets one mail
 * gathering the notifications of the kinds they chose daily / weekly that no mail carried yet. The
 * notifications are marked mailed in the transaction that queues the mail, so a rerun sends nothing
 * twice; nothing waiting sends nothing.
 */
export function defineDigests(d: { db: Db; repo: MailChoicesRepo; jobs: Jobs; mailer: Mailer; tokens: UnsubscribeTokens; publicUrl: string }) {
  const run = async (frequency: Frequency) => {
    const now = new Date();
    const waiting = await d.repo.waitingForDigest(frequency, now);
    const byPerson = new Map<number, typeof waiting>();
    for (const n of waiting) byPerson.set(n.accountId, [...(byPerson.get(n.accountId) ?? []), n]);
    const period = now.toISOString().slice(0, 10);
    for (const [accountId, items] of byPerson) {
      const first = items[0]!;
      await d.db.transaction(async (tx) => {
        const claimed = new Set(
          await d.repo.claim(
            tx,
            items.map((n) => n.id),
          ),
        );
        const mine = items.filter((n) => claimed.has(n.id));
        if (mine.length === 0) return;
        const links = unsubscribeLinks(d.publicUrl, d.tokens.sign(accountId, frequency));
        const mail = await digestMail({
          to: first.email,
          name: first.name,
          locale: first.locale,
          company: first.companyName,
          frequency,
          items: mine.map((n) => ({ kind: n.kind, params: n.params, url: `${d.publicUrl}${n.link}` })),
          unsubscribeUrl: links.page,
        });
        // One digest per person and period; the last id keeps a later digest of the same day its own.
        await d.mailer.send({ ...mail, headers: unsubscribeHeaders(links.api) }, { tx, key: `digest:${frequency}:${period}:${accountId}:${mine.at(-1)!.id}` });
      });
    }
  };
  const daily: JobDefinition<typeof NoData> = { name: "notifications.digest.daily", data: NoData, cron: "0 7 * * *", run: () => run("daily") };
  const weekly: JobDefinition<typeof NoData> = { name: "notifications.digest.weekly", data: NoData, cron: "0 7 * * 1", run: () => run("weekly") };
  d.jobs.define(daily);
  d.jobs.define(weekly);
  return { daily, weekly };
}
