import type { Mail } from "../../lib/mailer.ts";
import { INVITATION_DAYS } from "./requests.repo.ts";

/**
 * The invitation, in English and in Spanish: nobody knows the invitee's language until they have an
 * account, so the mail carries both.
 */
export function invitationMail(m: { to: string; company: string | null; team: string | null; link: string; fresh?: boolean }): Mail {
  const company = m.company ?? "your company";
  const empresa = m.company ?? "tu empresa";
  const en = m.fresh
    ? `Hello,\n\nHere is a fresh link to create your Learnward account at ${company} (valid for ${INVITATION_DAYS} days, once; earlier links no longer work):\n${m.link}\n`
    : `Hello,\n\nYou have been invited to join ${company}${m.team ? ` (team ${m.team})` : ""} on Learnward, the company's learning platform.\n\nOpen this link to create your account (valid for ${INVITATION_DAYS} days, once):\n${m.link}\n`;
  const es = m.fresh
    ? `Hola:\n\nAquí tienes un enlace nuevo para crear tu cuenta de Learnward en ${empresa} (válido durante ${INVITATION_DAYS} días, una sola vez; los enlaces anteriores ya no funcionan):\n${m.link}\n`
    : `Hola:\n\nTe han invitado a unirte a ${empresa}${m.team ? ` (equipo ${m.team})` : ""} en Learnward, la plataforma de aprendizaje de la empresa.\n\nAbre este enlace para crear tu cuenta (válido durante ${INVITATION_DAYS} días, una sola vez):\n${m.link}\n`;
  return {
    to: m.to,
    subject: `${m.fresh ? "Your invitation to Learnward" : `You're invited to join ${company} on Learnward`} · ${m.fresh ? "Tu invitación a Learnward" : `Te invitan a unirte a ${empresa} en Learnward`}`,
    text: `${en}\n— Español —\n\n${es}`,
  };
}
