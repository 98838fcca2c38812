import type { Locale } from "@learnward/contracts";
import type { Mail } from "../../lib/mailer.ts";
import { MailLayout, P, UrlLine } from "../../lib/mail/layout.tsx";
import { renderMail } from "../../lib/mail/render.ts";

// The mails of signing up and in, in the person's language (the request's for someone without an account yet).

const WORDS = {
  en: {
    hello: "Hello,",
    helloName: (name: string) => `Hello ${name},`,
    reason: "You received this mail because someone used this address on Learnward.",
    confirm: {
      subject: "Confirm your email address for Learnward",
      asked: "Someone asked to create a Learnward account with this address.",
      open: "If it was you, open this link to confirm your address and choose your password (valid for 24 hours, once):",
      notYou: "If it was not you, there is nothing to do: nobody can use the account without this link, and the request lapses after 7 days.",
    },
    existing: {
      subject: "You already have a Learnward account",
      tried: "Someone tried to create an account with this address, but you already have one.",
      signIn: "Sign in here:",
      forgot: "If you forgot your password, choose a new one at:",
      notYou: "If it was not you, there is nothing to do: your account has not changed.",
    },
    reset: {
      subject: "Reset your Learnward password",
      open: "Open this link to choose a new password (valid for one hour; a link asked for later replaces it):",
      notYou: "If you did not ask for it, ignore this message.",
    },
  },
  es: {
    hello: "Hola:",
    helloName: (name: string) => `Hola, ${name}:`,
    reason: "Recibes este correo porque alguien ha usado esta dirección en Learnward.",
    confirm: {
      subject: "Confirma tu dirección de correo para Learnward",
      asked: "Alguien ha pedido crear una cuenta de Learnward con esta dirección.",
      open: "Si fuiste tú, abre este enlace para confirmar tu dirección y elegir tu contraseña (válido durante 24 horas, una sola vez):",
      notYou: "Si no fuiste tú, no tienes que hacer nada: sin este enlace nadie puede usar la cuenta, y la solicitud caduca a los 7 días.",
    },
    existing: {
      subject: "Ya tienes una cuenta en Learnward",
      tried: "Alguien ha intentado crear una cuenta con esta dirección, pero ya tienes una.",
      signIn: "Inicia sesión aquí:",
      forgot: "Si no recuerdas tu contraseña, elige una nueva en:",
      notYou: "Si no fuiste tú, no tienes que hacer nada: tu cuenta no ha cambiado.",
    },
    reset: {
      subject: "Restablece tu contraseña de Learnward",
      open: "Abre este enlace para elegir una contraseña nueva (válido durante una hora; un enlace pedido después anula este):",
      notYou: "Si no lo pediste, ignora este mensaje.",
    },
  },
} satisfies Record<Locale, unknown>;

/**
 * The link that proves an address not yet proven and sets its password. Whoever registered it may
 * not own it, so the mail says what happened and that its owner need do nothing if it was not them.
 */
export function confirmAddressMail(m: { to: string; url: string; locale: Locale }): Promise<Mail> {
  const w = WORDS[m.locale];
  return renderMail(
    { to: m.to, subject: w.confirm.subject },
    <MailLayout locale={m.locale} preview={w.confirm.asked} reason={w.reason}>
      <P>{w.hello}</P>
      <P>{w.confirm.asked}</P>
      <UrlLine label={w.confirm.open} url={m.url} />
      <P>{w.confirm.notYou}</P>
    </MailLayout>,
  );
}

/** Someone tried to register an address that already has an account: its owner hears of it, nobody else. */
export function existingAccountMail(m: { to: string; name: string; publicUrl: string; locale: Locale }): Promise<Mail> {
  const w = WORDS[m.locale];
  return renderMail(
    { to: m.to, subject: w.existing.subject },
    <MailLayout locale={m.locale} preview={w.existing.tried} reason={w.reason}>
      <P>{w.helloName(m.name)}</P>
      <P>{w.existing.tried}</P>
      <UrlLine label={w.existing.signIn} url={`${m.publicUrl}/login`} />
      <UrlLine label={w.existing.forgot} url={`${m.publicUrl}/forgot-password`} />
      <P>{w.existing.notYou}</P>
    </MailLayout>,
  );
}

export function resetPasswordMail(m: { to: string; name: string; url: string; locale: Locale }): Promise<Mail> {
  const w = WORDS[m.locale];
  return renderMail(
    { to: m.to, subject: w.reset.subject },
    <MailLayout locale={m.locale} preview={w.reset.open} reason={w.reason}>
      <P>{w.helloName(m.name)}</P>
      <UrlLine label={w.reset.open} url={m.url} />
      <P>{w.reset.notYou}</P>
    </MailLayout>,
  );
}
