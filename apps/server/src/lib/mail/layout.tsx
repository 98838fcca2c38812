import type { ReactNode } from "react";
import type { Locale } from "@learnward/contracts";
import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";

const WORDS = {
  en: {
    platform: (company: string | null) => (company ? `Learnward, the learning platform of ${company}.` : "Learnward, the learning platform."),
  },
  es: {
    platform: (company: string | null) => (company ? `Learnward, la plataforma de aprendizaje de ${company}.` : "Learnward, la plataforma de aprendizaje."),
  },
} satisfies Record<Locale, unknown>;

const page = { backgroundColor: "#f4f5f7", fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif", margin: 0, padding: "24px 0" };
const card = { backgroundColor: "#ffffff", borderRadius: "8px", maxWidth: "560px", padding: "24px 32px" };
const brand = { color: "#1f3a8a", fontSize: "18px", fontWeight: 700, margin: "0 0 16px" };
const small = { color: "#5f6b7a", fontSize: "13px", lineHeight: "20px", margin: "8px 0" };
export const textStyle = { color: "#1d2430", fontSize: "15px", lineHeight: "24px", margin: "12px 0" };
const linkStyle = { color: "#1f4fd1", wordBreak: "break-all" as const };

/**
 * Every mail's frame: the company it comes from (or Learnward's own name), the message, and a
 * footer saying why the reader got it and, where they can choose, where to stop it.
 */
export function MailLayout(p: {
  locale: Locale;
  /** The line mail clients show beside the subject. */
  preview: string;
  /** The company the reader belongs to, when the mail is about their company's Learnward. */
  company?: string | null;
  /** Why this person got this mail, in their language. */
  reason: string;
  /** Where the reader turns this mail off, when they can. */
  preferences?: { label: string; url: string };
  children: ReactNode;
}) {
  const company = p.company ?? null;
  return (
    <Html lang={p.locale} dir="ltr">
      <Head />
      <Preview>{p.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={brand}>{company ?? "Learnward"}</Text>
          {p.children}
          <Hr style={{ borderColor: "#e3e6ea", margin: "24px 0 8px" }} />
          <Section>
            <Text style={small}>{p.reason}</Text>
            {p.preferences && <UrlLine label={p.preferences.label} url={p.preferences.url} style={small} />}
            <Text style={small}>{WORDS[p.locale].platform(company)}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of the message. */
export function P({ children }: { children: ReactNode }) {
  return <Text style={textStyle}>{children}</Text>;
}

/** A sentence and the link it leads to, written out whole so that the plain-text part shows the same address. */
export function UrlLine(p: { label: ReactNode; url: string; style?: object }) {
  return (
    <Text style={p.style ?? textStyle}>
      {p.label}
      <br />
      <MailUrl url={p.url} />
    </Text>
  );
}

/** A link written out as its own address: the plain-text part shows that address whole. */
export function MailUrl({ url }: { url: string }) {
  return (
    <Link href={url} style={linkStyle}>
      {url}
    </Link>
  );
}

/** A short list (an import's counts, a digest's notifications). */
export function List({ items }: { items: ReactNode[] }) {
  return (
    <ul style={{ ...textStyle, paddingLeft: "20px" }}>
      {items.map((item, i) => (
        <li key={i} style={{ margin: "4px 0" }}>
          {item}
        </li>
      ))}
    </ul>
  );
}
