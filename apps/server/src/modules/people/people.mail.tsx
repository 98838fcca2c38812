import type { Locale } from "@learnward/contracts";
import type { Mail } from "../../lib/mailer.ts";
import { mailDate } from "../../lib/mail/format.ts";
import { MailLayout, P, UrlLine } from "../../lib/mail/layout.tsx";
import { renderMail } from "../../lib/mail/render.ts";

const WORDS = {
  en: {
    someCompany: "your company",
    subject: (company: string, fresh: boolean) => (fresh ? "Your invitation to Learnward" : `You're invited to join ${company} on Learnward`),
    hello: "Hello,",
    invited: (company: string, team: string | null, by: string | null) =>
      `${by ? `${by} has invited you` : "You have been invited"} to join ${company}${team ? ` (team ${team})` : ""} on Learnward, the company's learning platform.`,
    freshLink: (company: string) => `Here is a fresh link to create your Learnward account at ${company}. Earlier links no longer work.`,
    open: (until: string) => `Open this link to create your account (valid once, until ${until}):`,
    reason: (company: string) => `You received this mail because someone at ${company} invited this address to Learnward.`,
  },
  es: {
    someCompany: "tu empresa",
    subject: (company: string, fresh: boolean) => (fresh ? "Tu invitación a Learnward" : `Te invitan a unirte a ${company} en Learnward`),
    hello: "Hola:",
    invited: (company: string, team: string | null, by: string | null) =>
      `${by ? `${by} te ha invitado` : "Te han invitado"} a unirte a ${company}${team ? ` (equipo ${team})` : ""} en Learnward, la plataforma de aprendizaje de la empresa.`,
    freshLink: (company: string) => `Aquí tienes un enlace nuevo para crear tu cuenta de Learnward en ${company}. Los enlaces anteriores ya no funcionan.`,
    open: (until: string) => `Abre este enlace para crear tu cuenta (válido una sola vez, hasta el ${until}):`,
    reason: (company: string) => `Recibes este correo porque alguien de ${company} ha invitado a esta dirección a Learnward.`,
  },
} satisfies Record<Locale, unknown>;

/**
 * The invitation. The invitee has no account yet, so no language of theirs is known: it is written
 * in the language of whoever invited them (the company stores none of its own), who most likely
 * shares it; the page the link opens follows the invitee's browser.
 */
export function invitationMail(m: {
  to: string;
  company: string | null;
  team: string | null;
  inviter: string | null;
  link: string;
  expiresAt: Date;
  locale: Locale;
  fresh?: boolean;
}): Promise<Mail> {
  const w = WORDS[m.locale];
  const company = m.company ?? w.someCompany;
  const intro = m.fresh ? w.freshLink(company) : w.invited(company, m.team, m.inviter);
  return renderMail(
    { to: m.to, subject: w.subject(company, !!m.fresh) },
    <MailLayout locale={m.locale} preview={intro} company={m.company} reason={w.reason(company)}>
      <P>{w.hello}</P>
      <P>{intro}</P>
      <UrlLine label={w.open(mailDate(m.locale, m.expiresAt))} url={m.link} />
    </MailLayout>,
  );
}
