import type { Locale } from "@learnward/contracts";
import type { Mail } from "../../lib/mailer.ts";

// The mails of signing up and in, in the person's language (the request's for someone without an account yet).

/**
 * The link that proves an address not yet proven and sets its password. Whoever registered it may
 * not own it, so the mail says what happened and that its owner need do nothing if it was not them.
 */
export function confirmAddressMail(m: { to: string; url: string; locale: Locale }): Mail {
  if (m.locale === "es") {
    return {
      to: m.to,
      subject: "Confirma tu dirección de correo para Learnward",
      text: `Hola:\n\nAlguien ha pedido crear una cuenta de Learnward con esta dirección. Si fuiste tú, abre este enlace para confirmar tu dirección y elegir tu contraseña (válido durante 24 horas, una sola vez):\n${m.url}\n\nSi no fuiste tú, no tienes que hacer nada: sin este enlace nadie puede usar la cuenta, y la solicitud caduca a los 7 días.\n`,
    };
  }
  return {
    to: m.to,
    subject: "Confirm your email address for Learnward",
    text: `Hello,\n\nSomeone asked to create a Learnward account with this address. If it was you, open this link to confirm your address and choose your password (valid for 24 hours, once):\n${m.url}\n\nIf it was not you, there is nothing to do: nobody can use the account without this link, and the request lapses after 7 days.\n`,
  };
}

/** Someone tried to register an address that already has an account: its owner hears of it, nobody else. */
export function existingAccountMail(m: { to: string; name: string; publicUrl: string; locale: Locale }): Mail {
  const signIn = `${m.publicUrl}/login`;
  const reset = `${m.publicUrl}/forgot-password`;
  if (m.locale === "es") {
    return {
      to: m.to,
      subject: "Ya tienes una cuenta en Learnward",
      text: `Hola, ${m.name}:\n\nAlguien ha intentado crear una cuenta con esta dirección, pero ya tienes una. Inicia sesión aquí:\n${signIn}\n\nSi no recuerdas tu contraseña, elige una nueva en ${reset}\nSi no fuiste tú, no tienes que hacer nada: tu cuenta no ha cambiado.\n`,
    };
  }
  return {
    to: m.to,
    subject: "You already have a Learnward account",
    text: `Hello ${m.name},\n\nSomeone tried to create an account with this address, but you already have one. Sign in here:\n${signIn}\n\nIf you forgot your password, choose a new one at ${reset}\nIf it was not you, there is nothing to do: your account has not changed.\n`,
  };
}

export function resetPasswordMail(m: { to: string; name: string; url: string; locale: Locale }): Mail {
  if (m.locale === "es") {
    return {
      to: m.to,
      subject: "Restablece tu contraseña de Learnward",
      text: `Hola, ${m.name}:\n\nAbre este enlace para elegir una contraseña nueva (válido durante una hora; un enlace pedido después anula este):\n${m.url}\n\nSi no lo pediste, ignora este mensaje.\n`,
    };
  }
  return {
    to: m.to,
    subject: "Reset your Learnward password",
    text: `Hello ${m.name},\n\nOpen this link to choose a new password (valid for one hour; a link asked for later replaces it):\n${m.url}\n\nIf you did not ask for it, ignore this message.\n`,
  };
}
