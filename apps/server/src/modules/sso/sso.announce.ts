import type { Executor } from "../../lib/events.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { issuerChangedMail, type ProviderName } from "./sso.mail.tsx";
import type { SsoRepo } from "./sso.repo.ts";

export interface IssuerChange {
  /** Who saved it (null: no account acted). */
  actorId: number | null;
  companyId: number;
  /** The provider trusted before (null on a first connection). */
  before: ProviderName | null;
  after: ProviderName;
  at: Date;
}

/**
 * Tells the company's other hr and the platform operators, in the transaction of the save (a save
 * rolled back tells nobody), that the company's single sign-on trusts a new provider. Mailed rather
 * than a notification one can turn off: it says who may now sign people in.
 */
export function createIssuerAnnouncer({ repo, mailer }: { repo: SsoRepo; mailer: Mailer }) {
  return async function announce(tx: Executor, change: IssuerChange): Promise<void> {
    const company = (await repo.companyName(change.companyId, tx)) ?? `#${change.companyId}`;
    const by = (change.actorId === null ? undefined : await repo.accountName(tx, change.actorId)) ?? { name: "Learnward", email: "-" };
    for (const person of await repo.issuerAudience(tx, change.companyId, change.actorId)) {
      const mail = await issuerChangedMail({
        to: person.email,
        name: person.name,
        locale: person.locale,
        company,
        by,
        before: change.before,
        after: change.after,
        at: change.at,
      });
      await mailer.send(mail, { tx });
    }
  };
}
export type IssuerAnnouncer = ReturnType<typeof createIssuerAnnouncer>;
