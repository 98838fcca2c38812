import type { Locale, NotificationKind } from "@learnward/contracts";
import type { Mail } from "../../lib/mailer.ts";

type Params = Record<string, string | number | null>;
type Sentence = (p: Params) => string;
const s = (p: Params, key: string) => String(p[key] ?? "");

/** Decision words as the mail says them ("approved", "rechazada"). */
const STATUS: Record<Locale, Record<string, string>> = {
  en: { approved: "approved", rejected: "rejected", accepted: "accepted", cancelled: "cancelled", paid: "paid" },
  es: { approved: "aprobada", rejected: "rechazada", accepted: "aceptada", cancelled: "cancelada", paid: "pagada" },
};
const status = (locale: Locale, p: Params) => STATUS[locale][s(p, "status")] ?? s(p, "status");

/**
 * One sentence per kind and language: the mail's subject (and its first line). The bell says the
 * same in the web app's locale files (notifications.json). Params per kind are listed in
 * packages/contracts/src/notifications.ts's comments and the notifying code.
 */
export const SENTENCES: Record<Locale, Record<NotificationKind, Sentence>> = {
  en: {
    plan_assigned: (p) => `New plan for you: ${s(p, "plan")} (due ${s(p, "due_on")})`,
    plan_due_soon: (p) => `${s(p, "plan")} is due in 7 days (${s(p, "due_on")})`,
    plan_due_tomorrow: (p) => `${s(p, "plan")} is due tomorrow`,
    plan_overdue: (p) => `${s(p, "plan")} is overdue (it was due ${s(p, "due_on")})`,
    plan_overdue_in_team: (p) => `${s(p, "person")} is 3 days late on ${s(p, "plan")}`,
    purchase_request_filed: (p) => `${s(p, "by")} asks to buy ${s(p, "title")}`,
    purchase_request_decided: (p) => `Your request for ${s(p, "title")} was ${status("en", p)}`,
    publish_request_filed: (p) => `${s(p, "by")} asks to publish ${s(p, "collection")}`,
    publish_request_decided: (p) => `Your request to publish ${s(p, "collection")} was ${status("en", p)}`,
    invite_request_filed: (p) => `${s(p, "by")} asks to invite ${s(p, "email")}`,
    invite_request_decided: (p) => `Your request to invite ${s(p, "email")} was ${status("en", p)}`,
    removal_request_filed: (p) => `${s(p, "by")} asks to remove ${s(p, "person")}`,
    removal_request_decided: (p) => `Your request to remove ${s(p, "person")} was ${status("en", p)}`,
    path_changed: (p) => `The learning path ${s(p, "collection")} changed`,
  },
  es: {
    plan_assigned: (p) => `Tienes un plan nuevo: ${s(p, "plan")} (vence el ${s(p, "due_on")})`,
    plan_due_soon: (p) => `${s(p, "plan")} vence en 7 días (${s(p, "due_on")})`,
    plan_due_tomorrow: (p) => `${s(p, "plan")} vence mañana`,
    plan_overdue: (p) => `${s(p, "plan")} está vencido (vencía el ${s(p, "due_on")})`,
    plan_overdue_in_team: (p) => `${s(p, "person")} lleva 3 días de retraso en ${s(p, "plan")}`,
    purchase_request_filed: (p) => `${s(p, "by")} pide comprar ${s(p, "title")}`,
    purchase_request_decided: (p) => `Tu solicitud de ${s(p, "title")} fue ${status("es", p)}`,
    publish_request_filed: (p) => `${s(p, "by")} pide publicar ${s(p, "collection")}`,
    publish_request_decided: (p) => `Tu solicitud para publicar ${s(p, "collection")} fue ${status("es", p)}`,
    invite_request_filed: (p) => `${s(p, "by")} pide invitar a ${s(p, "email")}`,
    invite_request_decided: (p) => `Tu solicitud para invitar a ${s(p, "email")} fue ${status("es", p)}`,
    removal_request_filed: (p) => `${s(p, "by")} pide dar de baja a ${s(p, "person")}`,
    removal_request_decided: (p) => `Tu solicitud para dar de baja a ${s(p, "person")} fue ${status("es", p)}`,
    path_changed: (p) => `La ruta de aprendizaje ${s(p, "collection")} ha cambiado`,
  },
};

/**
 * The last lines of every notification mail and digest: the link to the page that turns this mail
 * off (mail clients also offer it from the List-Unsubscribe header).
 */
export function unsubscribeFooter(locale: Locale, url: string, what: "kind" | "daily" | "weekly" = "kind"): string {
  const es = {
    kind: "¿No quieres estos correos? Desactívalos aquí:",
    daily: "¿No quieres este resumen diario? Desactívalo aquí:",
    weekly: "¿No quieres este resumen semanal? Desactívalo aquí:",
  };
  const en = {
    kind: "Don't want these emails? Turn them off:",
    daily: "Don't want this daily digest? Turn it off:",
    weekly: "Don't want this weekly digest? Turn it off:",
  };
  return `\n--\n${(locale === "es" ? es : en)[what]}\n${url}\n`;
}

/** The mail of one notification, in the person's language, with a link to what it is about and one to turn it off. */
export function notificationMail(n: {
  to: string;
  name: string;
  locale: Locale;
  kind: NotificationKind;
  params: Params;
  url: string;
  unsubscribeUrl: string;
}): Mail {
  const sentence = SENTENCES[n.locale][n.kind](n.params);
  const footer = unsubscribeFooter(n.locale, n.unsubscribeUrl);
  if (n.locale === "es") {
    return { to: n.to, subject: sentence, text: `Hola, ${n.name}:\n\n${sentence}.\n\nÁbrelo en Learnward:\n${n.url}\n${footer}` };
  }
  return { to: n.to, subject: sentence, text: `Hello ${n.name},\n\n${sentence}.\n\nOpen it in Learnward:\n${n.url}\n${footer}` };
}
