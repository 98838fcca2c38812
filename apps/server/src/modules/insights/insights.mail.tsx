import type { Locale } from "@learnward/contracts";
import type { Mail } from "../../lib/mailer.ts";
import { mailDate } from "../../lib/mail/format.ts";
import { List, MailLayout, P, UrlLine } from "../../lib/mail/layout.tsx";
import { renderMail } from "../../lib/mail/render.ts";
import type { OverdueRow } from "./insights.repo.ts";

const WORDS = {
  en: {
    subject: (plans: OverdueRow[]) =>
      plans.length > 1 ? `Reminder: ${plans.length} of your learning plans are overdue` : `Reminder: your learning plan "${plans[0]!.planTitle}" is overdue`,
    hello: (name: string) => `Hello ${name},`,
    intro: (sender: string, many: boolean) =>
      `${sender ? `${sender} is reminding you that ` : "A reminder that "}${many ? "these upskilling plans are" : "this upskilling plan is"} past the deadline:`,
    line: (title: string, deadline: string, percent: number) => `${title} (deadline ${deadline}, ${percent}% done)`,
    resume: "Pick up where you left off:",
    reason: "You received this mail because a learning plan assigned to you in Learnward is past its deadline.",
  },
  es: {
    subject: (plans: OverdueRow[]) =>
      plans.length > 1
        ? `Recordatorio: tienes ${plans.length} planes de aprendizaje vencidos`
        : `Recordatorio: tu plan de aprendizaje «${plans[0]!.planTitle}» está vencido`,
    hello: (name: string) => `Hola, ${name}:`,
    intro: (sender: string, many: boolean) =>
      `${sender ? `${sender} te recuerda que ` : "Te recordamos que "}${many ? "estos planes de aprendizaje han superado su fecha límite" : "este plan de aprendizaje ha superado su fecha límite"}:`,
    line: (title: string, deadline: string, percent: number) => `${title} (fecha límite ${deadline}, ${percent} % completado)`,
    resume: "Retómalo donde lo dejaste:",
    reason: "Recibes este correo porque un plan de aprendizaje que tienes asignado en Learnward ha superado su fecha límite.",
  },
} satisfies Record<Locale, unknown>;

/** The reminder about overdue upskilling plans, in the person's own language. */
export function reminderMail(m: { to: string; name: string; locale: Locale; sender: string; plans: OverdueRow[]; publicUrl: string }): Promise<Mail> {
  const w = WORDS[m.locale];
  const intro = w.intro(m.sender, m.plans.length > 1);
  return renderMail(
    { to: m.to, subject: w.subject(m.plans) },
    <MailLayout locale={m.locale} preview={intro} reason={w.reason}>
      <P>{w.hello(m.name)}</P>
      <P>{intro}</P>
      <List items={m.plans.map((p) => w.line(p.planTitle, mailDate(m.locale, p.deadline), p.percent))} />
      <UrlLine label={w.resume} url={`${m.publicUrl}/collaborative-network/myTasks`} />
    </MailLayout>,
  );
}
