import type { Mail } from "../../lib/mailer.ts";
import type { OverdueRow } from "./insights.repo.ts";

/** The reminder about overdue upskilling plans, in the person's own language. */
export function reminderMail(m: { to: string; name: string; locale: "en" | "es"; sender: string; plans: OverdueRow[]; publicUrl: string }): Mail {
  const date = new Intl.DateTimeFormat(m.locale, { dateStyle: "long", timeZone: "UTC" });
  const when = (deadline: string) => date.format(new Date(`${deadline}T00:00:00Z`));
  const link = `${m.publicUrl}/collaborative-network/myTasks`;
  const many = m.plans.length > 1;
  if (m.locale === "es") {
    const lines = m.plans.map((p) => `- ${p.planTitle} (fecha límite ${when(p.deadline)}, ${p.percent} % completado)`);
    return {
      to: m.to,
      subject: many
        ? `Recordatorio: tienes ${m.plans.length} planes de aprendizaje vencidos`
        : `Recordatorio: tu plan de aprendizaje «${m.plans[0]!.planTitle}» está vencido`,
      text:
        `Hola, ${m.name}:\n\n${m.sender ? `${m.sender} te recuerda que ` : "Te recordamos que "}${many ? "estos planes de aprendizaje han superado su fecha límite" : "este plan de aprendizaje ha superado su fecha límite"}:\n\n` +
        `${lines.join("\n")}\n\nRetómalo donde lo dejaste: ${link}\n`,
    };
  }
  const lines = m.plans.map((p) => `- ${p.planTitle} (deadline ${when(p.deadline)}, ${p.percent}% done)`);
  return {
    to: m.to,
    subject: many ? `Reminder: ${m.plans.length} of your learning plans are overdue` : `Reminder: your learning plan "${m.plans[0]!.planTitle}" is overdue`,
    text:
      `Hello ${m.name},\n\n${m.sender ? `${m.sender} is reminding you that ` : "A reminder that "}${many ? "these upskilling plans are" : "this upskilling plan is"} past the deadline:\n\n` +
      `${lines.join("\n")}\n\nPick up where you left off: ${link}\n`,
  };
}
