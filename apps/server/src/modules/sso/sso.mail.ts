import type { Locale } from "@learnward/contracts";
import type { Mail } from "../../lib/mailer.ts";

/** How a provider is named in a mail: its protocol and the issuer (OIDC) or entity id (SAML) it signs as. */
export interface ProviderName {
  protocol: "oidc" | "saml";
  issuer: string;
}

const protocolName = (p: ProviderName["protocol"]) => (p === "oidc" ? "OpenID Connect" : "SAML 2.0");

const when = (at: Date, locale: Locale) =>
  `${new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(at)} UTC`;

/**
 * An identity provider named this person and their account was never linked to it: only they can
 * link it. Whoever drove the sign-in cannot (the link is mailed here, not shown to that browser).
 */
export function linkConfirmationMail(m: { to: string; name: string; company: string; provider: ProviderName; url: string; locale: Locale }): Mail {
  const kind = protocolName(m.provider.protocol);
  if (m.locale === "es") {
    return {
      to: m.to,
      subject: "Confirma que tu cuenta de Learnward se vincula al inicio de sesión de tu empresa",
      text:
        `Hola, ${m.name}:\n\n` +
        `Alguien acaba de iniciar sesión como tú a través del proveedor de identidad de ${m.company} (${kind}, ${m.provider.issuer}). ` +
        `Tu cuenta aún no está vinculada a ese proveedor, así que no se ha abierto ninguna sesión.\n\n` +
        `Si fuiste tú, abre este enlace para vincularla (válido durante 24 horas); después ese proveedor te dará acceso directamente:\n${m.url}\n\n` +
        `Si no fuiste tú, no abras el enlace: nadie puede entrar en tu cuenta así sin tu confirmación. Avisa a la persona de RR. HH. de tu empresa.\n`,
    };
  }
  return {
    to: m.to,
    subject: "Confirm linking your Learnward account to your company's sign-in",
    text:
      `Hello ${m.name},\n\n` +
      `Someone just signed in as you through ${m.company}'s identity provider (${kind}, ${m.provider.issuer}). ` +
      `Your account is not linked to that provider yet, so no session was opened.\n\n` +
      `If it was you, open this link to link it (valid for 24 hours); from then on that provider signs you in directly:\n${m.url}\n\n` +
      `If it was not you, do not open the link: nobody gets into your account this way without your confirmation. Tell your company's hr.\n`,
  };
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
}): Mail {
  const es = m.locale === "es";
  const kind = protocolName(m.after.protocol);
  const by = `${m.by.name} (${m.by.email})`;
  const at = when(m.at, m.locale);
  if (es) {
    const what = !m.before
      ? `conectó ${m.company} al proveedor ${kind} ${m.after.issuer}`
      : m.before.issuer !== m.after.issuer
        ? `cambió el proveedor ${kind} de ${m.company} de ${m.before.issuer} a ${m.after.issuer}`
        : `cambió el certificado de firma o la URL de metadatos del proveedor ${kind} de ${m.company} (${m.after.issuer})`;
    return {
      to: m.to,
      subject: `Inicio de sesión único de ${m.company}: proveedor de identidad nuevo`,
      text:
        `Hola, ${m.name}:\n\n${by} ${what} el ${at}.\n\n` +
        `Quien controla ese proveedor puede iniciar sesión en Learnward como las personas que vinculen su cuenta a él. ` +
        `Las cuentas que ya existían deben confirmar el vínculo por correo.\n\n` +
        `Si no esperabas este cambio, revísalo en la configuración de inicio de sesión único de la empresa.\n`,
    };
  }
  const what = !m.before
    ? `connected ${m.company} to the ${kind} provider ${m.after.issuer}`
    : m.before.issuer !== m.after.issuer
      ? `changed ${m.company}'s ${kind} provider from ${m.before.issuer} to ${m.after.issuer}`
      : `changed the signing certificate or metadata URL of ${m.company}'s ${kind} provider (${m.after.issuer})`;
  return {
    to: m.to,
    subject: `${m.company} single sign-on: new identity provider`,
    text:
      `Hello ${m.name},\n\n${by} ${what} on ${at}.\n\n` +
      `Whoever controls that provider can sign in to Learnward as the people who link their account to it. ` +
      `Existing accounts must confirm the link by mail.\n\n` +
      `If you did not expect this change, review it in the company's single sign-on settings.\n`,
  };
}
