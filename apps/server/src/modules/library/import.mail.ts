import type { LibraryImport, Locale } from "@learnward/contracts";
import type { Mail } from "../../lib/mailer.ts";

/** A long import has ended, and its person has likely left the page: what it did, or that it failed. */
export function importEndedMail(m: { to: string; name: string; run: LibraryImport; url: string; locale: Locale }): Mail {
  const { run } = m;
  if (m.locale === "es") {
    if (run.status === "failed") {
      return {
        to: m.to,
        subject: "Tu importación a Learnward no se pudo completar",
        text:
          `Hola, ${m.name}:\n\n` +
          `La importación de tu archivo (${run.total} enlaces) falló y no ha dejado nada a medias en tu biblioteca. ` +
          `Puedes intentarlo de nuevo desde Ajustes:\n${m.url}\n`,
      };
    }
    return {
      to: m.to,
      subject: `Tu importación a Learnward ha terminado: ${run.added} elementos nuevos`,
      text:
        `Hola, ${m.name}:\n\n` +
        `Ya está importado tu archivo:\n` +
        `- ${run.added} elementos nuevos en tu biblioteca\n` +
        `- ${run.merged} ya estaban o se repetían, y se unieron\n` +
        `- ${run.folders_created} carpetas nuevas\n` +
        `- ${run.skipped_count} entradas omitidas (no eran enlaces)\n\n` +
        `El resumen está en Ajustes:\n${m.url}\n`,
    };
  }
  if (run.status === "failed") {
    return {
      to: m.to,
      subject: "Your import into Learnward could not finish",
      text:
        `Hello ${m.name},\n\n` +
        `The import of your file (${run.total} links) failed, and left nothing half-imported in your library. ` +
        `You can try again from Settings:\n${m.url}\n`,
    };
  }
  return {
    to: m.to,
    subject: `Your import into Learnward has finished: ${run.added} new items`,
    text:
      `Hello ${m.name},\n\n` +
      `Your file is imported:\n` +
      `- ${run.added} new items in your library\n` +
      `- ${run.merged} were there already or repeated, and were merged\n` +
      `- ${run.folders_created} new folders\n` +
      `- ${run.skipped_count} entries skipped (not links)\n\n` +
      `The summary is in Settings:\n${m.url}\n`,
  };
}
