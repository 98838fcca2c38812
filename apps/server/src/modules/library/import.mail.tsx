import type { LibraryImport, Locale } from "@learnward/contracts";
import type { Mail } from "../../lib/mailer.ts";
import { List, MailLayout, P, UrlLine } from "../../lib/mail/layout.tsx";
import { renderMail } from "../../lib/mail/render.ts";

const WORDS = {
  en: {
    hello: (name: string) => `Hello ${name},`,
    reason: "You received this mail because an import you started in Learnward has ended.",
    failed: {
      subject: "Your import into Learnward could not finish",
      body: (total: number) => `The import of your file (${total} links) failed, and left nothing half-imported in your library.`,
      link: "You can try again from Settings:",
    },
    done: {
      subject: (added: number) => `Your import into Learnward has finished: ${added} new items`,
      body: "Your file is imported:",
      lines: (r: LibraryImport) => [
        `${r.added} new items in your library`,
        `${r.merged} were there already or repeated, and were merged`,
        `${r.folders_created} new folders`,
        `${r.skipped_count} entries skipped (not links)`,
      ],
      link: "The summary is in Settings:",
    },
  },
  es: {
    hello: (name: string) => `Hola, ${name}:`,
    reason: "Recibes este correo porque ha terminado una importación que empezaste en Learnward.",
    failed: {
      subject: "Tu importación a Learnward no se pudo completar",
      body: (total: number) => `La importación de tu archivo (${total} enlaces) falló y no ha dejado nada a medias en tu biblioteca.`,
      link: "Puedes intentarlo de nuevo desde Ajustes:",
    },
    done: {
      subject: (added: number) => `Tu importación a Learnward ha terminado: ${added} elementos nuevos`,
      body: "Ya está importado tu archivo:",
      lines: (r: LibraryImport) => [
        `${r.added} elementos nuevos en tu biblioteca`,
        `${r.merged} ya estaban o se repetían, y se unieron`,
        `${r.folders_created} carpetas nuevas`,
        `${r.skipped_count} entradas omitidas (no eran enlaces)`,
      ],
      link: "El resumen está en Ajustes:",
    },
  },
} satisfies Record<Locale, unknown>;

/** A long import has ended, and its person has likely left the page: what it did, or that it failed. */
export function importEndedMail(m: { to: string; name: string; run: LibraryImport; url: string; locale: Locale }): Promise<Mail> {
  const w = WORDS[m.locale];
  const { run } = m;
  if (run.status === "failed") {
    return renderMail(
      { to: m.to, subject: w.failed.subject },
      <MailLayout locale={m.locale} preview={w.failed.body(run.total)} reason={w.reason}>
        <P>{w.hello(m.name)}</P>
        <P>{w.failed.body(run.total)}</P>
        <UrlLine label={w.failed.link} url={m.url} />
      </MailLayout>,
    );
  }
  return renderMail(
    { to: m.to, subject: w.done.subject(run.added) },
    <MailLayout locale={m.locale} preview={w.done.body} reason={w.reason}>
      <P>{w.hello(m.name)}</P>
      <P>{w.done.body}</P>
      <List items={w.done.lines(run)} />
      <UrlLine label={w.done.link} url={m.url} />
    </MailLayout>,
  );
}
