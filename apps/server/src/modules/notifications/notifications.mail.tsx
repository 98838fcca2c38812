import type { Locale, NotificationKind } from "@learnward/contracts";
import type { Mail } from "../../lib/mailer.ts";
import { mailDate } from "../../lib/mail/format.ts";
import { List, MailLayout, MailUrl, P, UrlLine } from "../../lib/mail/layout.tsx";
import { renderMail } from "../../lib/mail/render.ts";

type Params = Record<string, string | number | null>;
type Sentence = (p: Params) => string;
const s = (p: Params, key: string) => String(p[key] ?? "");

/** Decision words as the mail says them ("approved", "rechazada"). */
const STATUS: Record<Locale, Record<string, string>> = {
  en: { approved: "approved", rejected: "rejected", accepted: "accepted", cancelled: "cancelled", paid: "paid" },
  es: { approved: "aprobada", rejected: "rechazada", accepted: "aceptada", cancelled: "cancelada", paid: "pagada" },
};
const status = (locale: Locale, p: Params) => STATUS[locale][s(p, "status")] ?? s(p, "status");
/** A day parameter ("2026-12-05") as the reader's language writes it. */
const day = (locale: Locale, p: Params, key: string) => (p[key] ? mailDate(locale, s(p, key)) : "");

/**
 * One sentence per kind and language: the mail's subject (and its first line). The bell says the
 * same in the web app's locale files (notifications.json). Params per kind are listed in
 * packages/contracts/src/notifications.ts's comments and the notifying code.
 */
export const SENTENCES: Record<Locale, Record<NotificationKind, Sentence>> = {
  en: {
    plan_assigned: (p) => `New plan for you: ${s(p, "plan")} (due ${day("en", p, "due_on")})`,
    plan_due_soon: (p) => `${s(p, "plan")} is due in 7 days (${day("en", p, "due_on")})`,
    plan_due_tomorrow: (p) => `${s(p, "plan")} is due tomorrow`,
    plan_overdue: (p) => `${s(p, "plan")} is overdue (it was due ${day("en", p, "due_on")})`,
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
    compliance_due_soon: (p) => `Required: complete ${s(p, "collection")} by ${day("en", p, "due_on")}`,
    certificate_expiring: (p) => `Your certificate for ${s(p, "collection")} expires on ${day("en", p, "expires_on")}`,
  },
  es: {
    plan_assigned: (p) => `Tienes un plan nuevo: ${s(p, "plan")} (vence el ${day("es", p, "due_on")})`,
    plan_due_soon: (p) => `${s(p, "plan")} vence en 7 días (${day("es", p, "due_on")})`,
    plan_due_tomorrow: (p) => `${s(p, "plan")} vence mañana`,
    plan_overdue: (p) => `${s(p, "plan")} está vencido (vencía el ${day("es", p, "due_on")})`,
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
    compliance_due_soon: (p) => `Obligatorio: completa ${s(p, "collection")} antes del ${day("es", p, "due_on")}`,
    certificate_expiring: (p) => `Tu certificado de ${s(p, "collection")} caduca el ${day("es", p, "expires_on")}`,
  },
};

type Frequency = "daily" | "weekly";

const WORDS = {
  en: {
    hello: (name: string) => `Hello ${name},`,
    open: "Open it in Learnward:",
    reason: {
      kind: "You received this mail because you chose to hear of this kind of notification as it happens.",
      daily: "You received this digest because you chose to hear of these notifications once a day.",
      weekly: "You received this digest because you chose to hear of these notifications once a week.",
    },
    // The footer's link to the page that turns this mail off (mail clients also offer it from the List-Unsubscribe header).
    off: {
      kind: "Don't want these emails? Turn them off:",
      daily: "Don't want this daily digest? Turn it off:",
      weekly: "Don't want this weekly digest? Turn it off:",
    },
    digest: {
      subject: {
        daily: (n: number) => `Your daily digest: ${n} ${n === 1 ? "notification" : "notifications"}`,
        weekly: (n: number) => `Your weekly digest: ${n} ${n === 1 ? "notification" : "notifications"}`,
      },
      intro: {
        daily: "Here is what happened in Learnward since your last daily digest:",
        weekly: "Here is what happened in Learnward since your last weekly digest:",
      },
    },
  },
  es: {
    hello: (name: string) => `Hola, ${name}:`,
    open: "Ábrelo en Learnward:",
    reason: {
      kind: "Recibes este correo porque elegiste enterarte de este tipo de notificación en cuanto ocurre.",
      daily: "Recibes este resumen porque elegiste enterarte de estas notificaciones una vez al día.",
      weekly: "Recibes este resumen porque elegiste enterarte de estas notificaciones una vez a la semana.",
    },
    off: {
      kind: "¿No quieres estos correos? Desactívalos aquí:",
      daily: "¿No quieres este resumen diario? Desactívalo aquí:",
      weekly: "¿No quieres este resumen semanal? Desactívalo aquí:",
    },
    digest: {
      subject: {
        daily: (n: number) => `Tu resumen diario: ${n} ${n === 1 ? "notificación" : "notificaciones"}`,
        weekly: (n: number) => `Tu resumen semanal: ${n} ${n === 1 ? "notificación" : "notificaciones"}`,
      },
      intro: {
        daily: "Esto es lo que ha pasado en Learnward desde tu último resumen diario:",
        weekly: "Esto es lo que ha pasado en Learnward desde tu último resumen semanal:",
      },
    },
  },
} satisfies Record<Locale, unknown>;

/** The mail of one notification, in the person's language, with a link to what it is about and one to turn it off. */
export function notificationMail(n: {
  to: string;
  name: string;
  locale: Locale;
  company: string | null;
  kind: NotificationKind;
  params: Params;
  url: string;
  unsubscribeUrl: string;
}): Promise<Mail> {
  const w = WORDS[n.locale];
  const sentence = SENTENCES[n.locale][n.kind](n.params);
  return renderMail(
    { to: n.to, subject: sentence },
    <MailLayout locale={n.locale} preview={sentence} company={n.company} reason={w.reason.kind} preferences={{ label: w.off.kind, url: n.unsubscribeUrl }}>
      <P>{w.hello(n.name)}</P>
      <P>{sentence}.</P>
      <UrlLine label={w.open} url={n.url} />
    </MailLayout>,
  );
}

/** One digest: each notification's sentence and link, in the person's language. */
export function digestMail(d: {
  to: string;
  name: string;
  locale: Locale;
  company: string | null;
  frequency: Frequency;
  items: Array<{ kind: NotificationKind; params: Params; url: string }>;
  unsubscribeUrl: string;
}): Promise<Mail> {
  const w = WORDS[d.locale];
  return renderMail(
    { to: d.to, subject: w.digest.subject[d.frequency](d.items.length) },
    <MailLayout
      locale={d.locale}
      preview={w.digest.intro[d.frequency]}
      company={d.company}
      reason={w.reason[d.frequency]}
      preferences={{ label: w.off[d.frequency], url: d.unsubscribeUrl }}
    >
      <P>{w.hello(d.name)}</P>
      <P>{w.digest.intro[d.frequency]}</P>
      <List
        items={d.items.map((n) => (
          <>
            {SENTENCES[d.locale][n.kind](n.params)}
            <br />
            <MailUrl url={n.url} />
          </>
        ))}
      />
    </MailLayout>,
  );
}
