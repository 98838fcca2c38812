import type { Locale } from "@learnward/contracts";
import type { Mail } from "../../lib/mailer.ts";
import { mailDateTime } from "../../lib/mail/format.ts";
import { MailLayout, P, UrlLine } from "../../lib/mail/layout.tsx";
import { renderMail } from "../../lib/mail/render.ts";

/** How a provider is named in a mail: its protocol and the issuer (OIDC) or entity id (SAML) it signs as. */
export interface ProviderName {
  protocol: "oidc" | "saml";
  issuer: string;
}

const protocolName = (p: ProviderName["protocol"]) => (p === "oidc" ? "OpenID Connect" : "SAML 2.0");

const WORDS = {
  en: {
    hello: (name: string) => `Hello ${name},`,
    link: {
      subject: "Confirm linking your Learnward account to your company's sign-in",
      reason: "You received this mail because someone signed in to Learnward as you through your company's single sign-on.",
      what: (company: string, kind: string, issuer: string) =>
        `Someone just signed in as you through ${company}'s identity provider (${kind}, ${issuer}). Your account is not linked to that provider yet, so no session was opened.`,
      open: "If it was you, open this link to link it (valid for 24 hours); from then on that provider signs you in directly:",
      notYou: "If it was not you, do not open the link: nobody gets into your account this way without your confirmation. Tell your company's hr.",
    },
    issuer: {
      subject: (company: string) => `${company} single sign-on: new identity provider`,
      reason: "You received this mail because you run Learnward for this company: whoever connects a provider decides who may sign in as whom.",
      connected: (company: string, kind: string, issuer: string) => `connected ${company} to the ${kind} provider ${issuer}`,
      changed: (company: string, kind: string, before: string, after: string) => `changed ${company}'s ${kind} provider from ${before} to ${after}`,
      renewed: (company: string, kind: string, issuer: string) =>
        `changed the signing certificate or metadata URL of ${company}'s ${kind} provider (${issuer})`,
      sentence: (by: string, what: string, at: string) => `${by} ${what} on ${at}.`,
      risk: "Whoever controls that provider can sign in to Learnward as the people who link their account to it. Existing accounts must confirm the link by mail.",
      review: "If you did not expect this change, review it in the company's single sign-on settings.",
    },
  },
  es: {
    hello: (name: string) => `Hola, ${name}:`,
    link: {
      subject: "Confirma que tu cuenta de Learnward se vincula al inicio de sesión de tu empresa",
      reason: "Recibes este correo porque alguien ha iniciado sesión en Learnward como tú mediante el inicio de sesión único de tu empresa.",
      what: (company: string, kind: string, issuer: string) =>
        `Alguien acaba de iniciar sesión como tú a través del proveedor de identidad de ${company} (${kind}, ${issuer}). Tu cuenta aún no está vinculada a ese proveedor, así que no se ha abierto ninguna sesión.`,
      open: "Si fuiste tú, abre este enlace para vincularla (válido durante 24 horas); después ese proveedor te dará acceso directamente:",
      notYou: "Si no fuiste tú, no abras el enlace: nadie puede entrar en tu cuenta así sin tu confirmación. Avisa a la persona de RR. HH. de tu empresa.",
    },
    issuer: {
      subject: (company: string) => `Inicio de sesión único de ${company}: proveedor de identidad nuevo`,
      reason: "Recibes este correo porque administras Learnward para esta empresa: quien conecta un proveedor decide quién puede iniciar sesión como quién.",
      connected: (company: string, kind: string, issuer: string) => `conectó ${company} al proveedor ${kind} ${issuer}`,
      changed: (company: string, kind: string, before: string, after: string) => `cambió el proveedor ${kind} de ${company} de ${before} a ${after}`,
      renewed: (company: string, kind: string, issuer: string) =>
        `cambió el certificado de firma o la URL de metadatos del proveedor ${kind} de ${company} (${issuer})`,
      sentence: (by: string, what: string, at: string) => `${by} ${what} el ${at}.`,
      risk: "Quien controla ese proveedor puede iniciar sesión en Learnward como las personas que vinculen su cuenta a él. Las cuentas que ya existían deben confirmar el vínculo por correo.",
      review: "Si no esperabas este cambio, revísalo en la configuración de inicio de sesión único de la empresa.",
    },
  },
} satisfies Record<Locale, unknown>;

/**
 * An identity provider named this person and their account was never linked to it: only they can
 * link it. Whoever drove the sign-in cannot (the link is mailed here, not shown to that browser).
 */
export function linkConfirmationMail(m: { to: string; name: string; company: string; provider: ProviderName; url: string; locale: Locale }): Promise<Mail> {
  const w = WORDS[m.locale];
  const what = w.link.what(m.company, protocolName(m.provider.protocol), m.provider.issuer);
  return renderMail(
    { to: m.to, subject: w.link.subject },
    <MailLayout locale={m.locale} preview={what} company={m.company || null} reason={w.link.reason}>
      <P>{w.hello(m.name)}</P>
      <P>{what}</P>
      <UrlLine label={w.link.open} url={m.url} />
      <P>{w.link.notYou}</P>
    </MailLayout>,
  );
}

/**
 * A company's single sign-on now trusts a new provider: told to its other hr and to the platform
 * operators, since whoever connects a provider decides who may sign in as whom.
 */
export function issuerChangedMail(m: {
  to: string;
  name: string;
  company: string;
  by: { name: string; email: string };
  before: ProviderName | null;
  after: ProviderName;
  at: Date;
  locale: Locale;
}): Promise<Mail> {
  const w = WORDS[m.locale].issuer;
  const kind = protocolName(m.after.protocol);
  const what = !m.before
    ? w.connected(m.company, kind, m.after.issuer)
    : m.before.issuer !== m.after.issuer
      ? w.changed(m.company, kind, m.before.issuer, m.after.issuer)
      : w.renewed(m.company, kind, m.after.issuer);
  const sentence = w.sentence(`${m.by.name} (${m.by.email})`, what, mailDateTime(m.locale, m.at));
  return renderMail(
    { to: m.to, subject: w.subject(m.company) },
    <MailLayout locale={m.locale} preview={sentence} company={m.company} reason={w.reason}>
      <P>{WORDS[m.locale].hello(m.name)}</P>
      <P>{sentence}</P>
      <P>{w.risk}</P>
      <P>{w.review}</P>
    </MailLayout>,
  );
}
