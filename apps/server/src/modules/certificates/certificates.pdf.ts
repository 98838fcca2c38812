import PDFDocument from "pdfkit";
import type { Locale } from "@learnward/contracts";

/** What a certificate's PDF shows: what it states, frozen at issue, and where to check it. */
export interface CertificateSheet {
  locale: Locale;
  issuerName: string;
  recipientName: string;
  kind: "path" | "plan";
  title: string;
  skills: string[];
  completedAt: Date;
  code: string;
  verifyUrl: string;
  /** The company's logo as PNG or JPEG bytes, when it has one that could be read. */
  logo: Buffer | null;
}

/** The sheet's own words, in the person's language; titles, names and skills stay as written. */
const WORDS: Record<
  Locale,
  { heading: string; certifies: string; completed: Record<"path" | "plan", string>; on: string; skills: string; code: string; verify: string }
> = {
  en: {
    heading: "Certificate of completion",
    certifies: "This certifies that",
    completed: { path: "has completed the learning path", plan: "has completed the upskilling plan" },
    on: "on",
    skills: "Skills",
    code: "Certificate code",
    verify: "Verify this certificate at",
  },
  es: {
    heading: "Certificado de finalización",
    certifies: "Se certifica que",
    completed: { path: "ha completado la ruta de aprendizaje", plan: "ha completado el plan de formación" },
    on: "el",
    skills: "Competencias",
    code: "Código del certificado",
    verify: "Verifica este certificado en",
  },
};

/** A date in words in the person's language ("November 29, 2026", "29 de noviembre de 2026"). */
export const longDate = (date: Date, locale: Locale) =>
  new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);

/**
 * Draws the certificate on one landscape A4 page with the PDF's standard fonts (Helvetica: Latin
 * script, Spanish included). `compress: false` leaves the page's text readable in the bytes (tests).
 */
export function renderCertificatePdf(s: CertificateSheet, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const w = WORDS[s.locale];
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 56,
    compress: opts.compress ?? true,
    lang: s.locale,
    info: { Title: `${w.heading}: ${s.title}`, Author: s.issuerName, Subject: s.code },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - 112;
  const centered = { width, align: "center" as const };
  doc
    .rect(28, 28, doc.page.width - 56, doc.page.height - 56)
    .lineWidth(2)
    .stroke("#1f3a5f");
  let y = 64;
  if (s.logo) {
    try {
      doc.image(s.logo, doc.page.width / 2 - 60, y, { fit: [120, 60], align: "center", valign: "center" });
      y += 72;
    } catch {
      // An image pdfkit cannot read: the sheet is still valid without it.
    }
  }
  doc.fillColor("#1f3a5f").font("Helvetica-Bold").fontSize(14).text(s.issuerName, 56, y, centered);
  doc.moveDown(1.2).font("Helvetica-Bold").fontSize(30).text(w.heading, centered);
  doc.moveDown(0.8).fillColor("#333333").font("Helvetica").fontSize(14).text(w.certifies, centered);
  doc.moveDown(0.4).fillColor("#000000").font("Helvetica-Bold").fontSize(26).text(s.recipientName, centered);
  doc.moveDown(0.4).fillColor("#333333").font("Helvetica").fontSize(14).text(w.completed[s.kind], centered);
  doc.moveDown(0.4).fillColor("#000000").font("Helvetica-Bold").fontSize(20).text(s.title, centered);
  doc
    .moveDown(0.4)
    .fillColor("#333333")
    .font("Helvetica")
    .fontSize(14)
    .text(`${w.on} ${longDate(s.completedAt, s.locale)}`, centered);
  if (s.skills.length)
    doc
      .moveDown(0.8)
      .fontSize(12)
      .text(`${w.skills}: ${s.skills.join(", ")}`, centered);
  doc.font("Helvetica").fontSize(10).fillColor("#333333");
  doc.text(`${w.code}: ${s.code}`, 56, doc.page.height - 100, centered);
  doc.text(`${w.verify} ${s.verifyUrl}`, 56, doc.page.height - 84, { ...centered, link: s.verifyUrl });
  doc.end();
  return done;
}
