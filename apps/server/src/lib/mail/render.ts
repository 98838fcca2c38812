import type { ReactElement } from "react";
import { render, toPlainText } from "@react-email/render";
import type { Mail } from "../mailer.ts";

/**
 * A mail from its template: the HTML React renders (every interpolated value escaped), and the
 * plain-text part converted from that same HTML, so the two never say different things. Links are
 * written out as their full URL in the text part (the templates show URLs as their own link text).
 */
export async function renderMail(head: { to: string; subject: string; headers?: Record<string, string> }, body: ReactElement): Promise<Mail> {
  const html = await render(body);
  const text = toPlainText(html, {
    selectors: [
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false } },
      { selector: "hr", format: "skip" },
    ],
  });
  return { ...head, html, text: `${text.trim()}\n` };
}
