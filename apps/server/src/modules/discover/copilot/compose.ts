import type { ContentType } from "@learnward/contracts";
import { durationOf, type Plan, type PlanCandidate, skillLabel } from "./planner.ts";
import type { Change } from "./followup.ts";
import type { Pick, PriorItem, Resolved } from "./reference.ts";
import type { Lang, Span, Understanding } from "./understand.ts";

// The local engine's answer: a short text in the question's language that cites only the
// planned catalog items, by their number ([1], [2]…). Titles are the only catalog text it
// repeats, so nothing written inside an item can become an instruction or a link.

const TYPE_NAMES: Record<Lang, Record<ContentType, string>> = {
  en: { article: "article", video: "video", course: "course", podcast: "podcast", book: "book", job: "job" },
  es: { article: "artículo", video: "vídeo", course: "curso", podcast: "pódcast", book: "libro", job: "empleo" },
};

export function formatDuration(s: number): string {
  if (s < 3600) return `${Math.max(1, Math.round(s / 60))} min`;
  const h = Math.floor(s / 3600);
  const m = Math.round((s - h * 3600) / 60);
  return m ? `${h} h ${m} min` : `${h} h`;
}

export function list(lang: Lang, parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} ${lang === "es" ? "y" : "and"} ${parts.at(-1)}`;
}

/** What the question is about, for a sentence: its skills, else its own words in quotes. */
export function topicLabel(u: Understanding): string {
  if (u.skills.length) return list(u.language, u.skills.slice(0, 3).map(skillLabel));
  const words = u.keywords.join(" ");
  return u.language === "es" ? `«${words}»` : `“${words}”`;
}

export function spanLabel(lang: Lang, span: Span, adjective: boolean): string {
  const names =
    lang === "es"
      ? { day: ["día", "días"], week: ["semana", "semanas"], month: ["mes", "meses"] }
      : { day: ["day", "days"], week: ["week", "weeks"], month: ["month", "months"] };
  const [one, many] = names[span.unit];
  if (lang === "en" && adjective) return `${span.count}-${one}`;
  return `${span.count} ${span.count === 1 ? one : many}`;
}

const TYPE_PLURALS: Record<Lang, Record<ContentType, string>> = {
  en: { article: "articles", video: "videos", course: "courses", podcast: "podcasts", book: "books", job: "jobs" },
  es: { article: "artículos", video: "vídeos", course: "cursos", podcast: "pódcasts", book: "libros", job: "empleos" },
};
const LANGUAGE_NAMES: Record<Lang, Record<Lang, string>> = {
  en: { en: "English", es: "Spanish" },
  es: { en: "inglés", es: "español" },
};

/** What a follow-up changed, in a sentence, so the person sees it was understood. */
export function describeChange(lang: Lang, topic: string, c: Change): string {
  const es = lang === "es";
  switch (c.kind) {
    case "types": {
      const kinds = list(
        lang,
        c.types.map((t) => TYPE_PLURALS[lang][t]),
      );
      if (c.met) return es ? `Solo ${kinds} sobre ${topic}.` : `Only ${kinds} on ${topic}.`;
      return es
        ? `No hay ${kinds} sobre ${topic} en el catálogo; esto es lo que hay.`
        : `There are no ${kinds} on ${topic} in the catalog, so here is what there is.`;
    }
    case "language": {
      const name = LANGUAGE_NAMES[lang][c.language];
      if (c.met) return es ? `Solo elementos en ${name} sobre ${topic}.` : `Only items in ${name} on ${topic}.`;
      return es
        ? `No hay nada sobre ${topic} en ${name}; estos están en otros idiomas.`
        : `Nothing on ${topic} is in ${name}, so these are in other languages.`;
    }
    case "shorter":
    case "longer": {
      const shorter = c.kind === "shorter";
      if (c.limitS === null)
        return shorter
          ? es
            ? `Lo más corto sobre ${topic}, primero.`
            : `The shortest items on ${topic} first.`
          : es
            ? `Lo más largo sobre ${topic}, primero.`
            : `The longest items on ${topic} first.`;
      const limit = formatDuration(c.limitS);
      if (c.met)
        return shorter
          ? es
            ? `Elementos más cortos sobre ${topic}: cada uno de menos de ${limit}.`
            : `Shorter items on ${topic}: each under ${limit}.`
          : es
            ? `Elementos más largos sobre ${topic}: cada uno de más de ${limit}.`
            : `Longer items on ${topic}: each over ${limit}.`;
      return shorter
        ? es
          ? `No hay nada sobre ${topic} de menos de ${limit}; estos son los más cortos.`
          : `Nothing on ${topic} is shorter than ${limit}; these are the shortest.`
        : es
          ? `No hay nada sobre ${topic} de más de ${limit}; estos son los más largos.`
          : `Nothing on ${topic} is longer than ${limit}; these are the longest.`;
    }
    case "advanced":
      if (c.met)
        return es ? `Elementos más avanzados sobre ${topic}, más allá de las introducciones.` : `More advanced items on ${topic}, past the introductions.`;
      return es
        ? `Todo lo que hay sobre ${topic} en el catálogo es introductorio; aquí lo tienes.`
        : `Everything on ${topic} in the catalog is introductory; here it is.`;
    case "basic":
      if (c.met) return es ? `Elementos más básicos sobre ${topic}: primero las introducciones.` : `More basic items on ${topic}: introductions first.`;
      return es
        ? `No hay ninguna introducción a ${topic} en el catálogo; estos son los elementos más básicos que encontré.`
        : `There is no introduction to ${topic} in the catalog; these are the most basic items I found.`;
    case "time":
      return es ? `Seguimos con ${topic}, en el tiempo que tienes.` : `Still on ${topic}, in the time you have.`;
  }
}

/** refOf gives each planned item its citation number; `changes`: what a follow-up changed. */
export function composeAnswer<T extends PlanCandidate>(u: Understanding, p: Plan<T>, refOf: (id: number) => number, changes: Change[] = []): string {
  const lang = u.language;
  const topic = topicLabel(u);
  const n = p.items.length;
  const total = formatDuration(p.totalS);
  let intro: string;
  if (p.overflow && p.availableS !== null) {
    intro =
      lang === "es"
        ? `Todo lo que encontré sobre ${topic} dura más que las ${formatDuration(p.availableS)} que tienes; esta es la forma más corta de empezar:`
        : `Everything I found on ${topic} takes longer than the ${formatDuration(p.availableS)} you have, so here is the shortest way to start:`;
  } else if (p.availableS !== null && p.span) {
    intro =
      lang === "es"
        ? `Aquí tienes un plan de ${spanLabel(lang, p.span, true)} para ${topic}: ${n} ${n === 1 ? "elemento" : "elementos"}, unas ${total} de las ${formatDuration(p.availableS)} que tienes.`
        : `Here is a ${spanLabel(lang, p.span, true)} plan for ${topic}: ${n} ${n === 1 ? "item" : "items"}, about ${total} of the ${formatDuration(p.availableS)} you have.`;
  } else if (p.availableS !== null) {
    intro =
      lang === "es"
        ? `Aquí tienes un plan sobre ${topic} que cabe en ${formatDuration(p.availableS)}: ${n} ${n === 1 ? "elemento" : "elementos"}, unas ${total}.`
        : `Here is a plan for ${topic} that fits in ${formatDuration(p.availableS)}: ${n} ${n === 1 ? "item" : "items"}, about ${total}.`;
  } else {
    intro = lang === "es" ? `Esto es lo mejor sobre ${topic} en el catálogo de tu empresa:` : `Here is the best of your company's catalog on ${topic}:`;
  }

  if (changes.length) intro = `${changes.map((c) => describeChange(lang, topic, c)).join(" ")} ${intro}`;

  const byId = new Map(p.items.map((c) => [c.id, c]));
  const lines = [intro, ""];
  for (const s of p.sections) {
    lines.push(`${s.title} (${formatDuration(s.durationS)})`);
    for (const id of s.items) {
      const c = byId.get(id)!;
      lines.push(`[${refOf(id)}] ${c.title.replace(/\s+/g, " ").trim()} — ${TYPE_NAMES[lang][c.contentType]}, ${formatDuration(durationOf(c))}`);
    }
    lines.push("");
  }
  lines.push(
    lang === "es"
      ? "Marca cada elemento como hecho al terminarlo; también puedes convertir este plan en una colección."
      : "Mark each item done as you finish it; you can also turn this plan into a collection.",
  );
  return lines.join("\n");
}

/** The honest answer when the catalog has nothing on the question, with searches to try. */
export function composeNothingFound(u: Understanding, suggestions: string[]): string {
  const topic = topicLabel(u);
  const lang = u.language;
  if (!u.skills.length && !u.keywords.length) {
    // A follow-up ("only videos") with nothing before it to refine: ask for the topic.
    const ask = lang === "es" ? "¿Sobre qué tema busco? Pregunta por una habilidad o un tema" : "Which topic should I look for? Ask about a skill or a subject";
    if (!suggestions.length) return `${ask}.`;
    return `${ask}, ${lang === "es" ? "por ejemplo" : "for example"} ${list(lang, suggestions)}.`;
  }
  const parts = [
    lang === "es" ? `No encontré nada sobre ${topic} en el catálogo de tu empresa.` : `I couldn't find anything on ${topic} in your company's catalog.`,
  ];
  if (suggestions.length) {
    parts.push(lang === "es" ? `Puedes probar a buscar: ${list(lang, suggestions)}.` : `You could try searching for ${list(lang, suggestions)}.`);
  }
  parts.push(
    lang === "es"
      ? "Si falta contenido sobre este tema, tu responsable de formación puede añadirlo al catálogo."
      : "If the topic is missing, your L&D leader can add content on it to the catalog.",
  );
  return parts.join(" ");
}

/** Search suggestions: catalog skills that look like the question's words, then the biggest skills. */
export function suggestFor(words: string[], vocabulary: readonly string[], limit = 4): string[] {
  const close = vocabulary.filter((skill) => words.some((w) => w.length >= 4 && similar(w, skill)));
  const out = [...new Set([...close, ...vocabulary])].slice(0, limit);
  return out.map(skillLabel);
}

function similar(word: string, skill: string): boolean {
  const parts = skill.split(/\s+/);
  return parts.some((p) => p.length >= 4 && (p.startsWith(word.slice(0, 4)) || distance(word, p) <= Math.max(1, Math.floor(p.length / 4))));
}

/** Levenshtein distance, for typos such as "kubernets". */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}

/** One of the person's own saves as an answer lists it. */
export interface SavedLine {
  title: string;
  contentType: ContentType;
  durationS: number | null;
}

/**
 * The part of an answer from the person's own library: the saves on the question's topic, each
 * said to be theirs, or (for a question that named the library) that it holds nothing on it.
 * `first`: the question named the library, so its saves lead the answer.
 */
export function composeSaved(u: Understanding, saved: { ref: number; item: SavedLine }[], first: boolean): string | null {
  const lang = u.language;
  const es = lang === "es";
  if (!u.skills.length && !u.keywords.length) return null;
  const topic = topicLabel(u);
  if (!saved.length) {
    if (!first) return null;
    return es ? `No encontré nada sobre ${topic} en tu biblioteca.` : `I found nothing on ${topic} in your library.`;
  }
  const intro = first
    ? es
      ? `De tu biblioteca, sobre ${topic}:`
      : `From your library, on ${topic}:`
    : es
      ? `También en tu biblioteca, sobre ${topic}:`
      : `Also in your library, on ${topic}:`;
  const lines = saved.map(
    ({ ref, item }) => `[${ref}] ${item.title.replace(/\s+/g, " ").trim()} — ${TYPE_NAMES[lang][item.contentType]}, ${formatDuration(durationOf(item))}`,
  );
  return [intro, ...lines].join("\n");
}

const PICKED: Record<Lang, Record<"shortest" | "longest" | "newest" | "oldest", string>> = {
  en: { shortest: "the shortest", longest: "the longest", newest: "the newest", oldest: "the oldest" },
  es: { shortest: "el más corto", longest: "el más largo", newest: "el más reciente", oldest: "el más antiguo" },
};
const ORDINAL_NAMES: Record<Lang, string[]> = {
  en: ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"],
  es: ["primero", "segundo", "tercero", "cuarto", "quinto", "sexto", "séptimo", "octavo", "noveno", "décimo"],
};
const LANGUAGE_ADJ: Record<Lang, Record<string, string>> = {
  en: { en: "English", es: "Spanish" },
  es: { en: "inglés", es: "español" },
};

/** One cited item on a line, as answers list them. */
const itemLine = (lang: Lang, i: PriorItem) =>
  `[${i.ref}] ${i.title.replace(/\s+/g, " ").trim()} — ${TYPE_NAMES[lang][i.contentType]}${i.contentType === "job" ? "" : `, ${formatDuration(durationOf(i))}`}`;

/** Why the earlier answer cited an item: the skill it is filed under, or the words of its title the question used. */
function whyCited(topic: Understanding, i: PriorItem): string | null {
  const es = topic.language === "es";
  if (i.source === "library" && (topic.skills.length || topic.keywords.length))
    return es
      ? `Es de tu biblioteca y lo cité porque trata de ${topicLabel(topic)}.`
      : `It is from your library, cited because it is about ${topicLabel(topic)}.`;
  const skills = topic.skills.filter((s) => i.skills.includes(s)).map(skillLabel);
  if (skills.length)
    return es ? `Lo cité por ${list("es", skills)}: está clasificado en esa materia.` : `I cited it for ${list("en", skills)}: it is filed under that skill.`;
  const title = i.title.toLowerCase();
  const words = topic.keywords.filter((w) => title.includes(w.toLowerCase()));
  if (words.length) {
    const quoted = words.map((w) => (es ? `«${w}»` : `“${w}”`));
    return es ? `Lo cité porque su título habla de ${list("es", quoted)}.` : `I cited it because its title names ${list("en", quoted)}.`;
  }
  if (topic.skills.length || topic.keywords.length)
    return es ? `Lo cité entre lo mejor del catálogo sobre ${topicLabel(topic)}.` : `I cited it as one of the catalog's best matches on ${topicLabel(topic)}.`;
  return null;
}

/** Everything the answer knows of one item: title, type, length, language, provider, skills, and why it was cited. */
function describeItem(topic: Understanding, lang: Lang, i: PriorItem): string {
  const es = lang === "es";
  const facts = [
    `${es ? "Idioma" : "Language"}: ${LANGUAGE_ADJ[lang][i.language] ?? i.language}.`,
    i.provider ? `${es ? "Fuente" : "Source"}: ${i.provider}.` : null,
    i.skills.length ? `${es ? "Materias" : "Skills"}: ${i.skills.slice(0, 5).map(skillLabel).join(", ")}.` : null,
    whyCited({ ...topic, language: lang }, i),
  ].filter((x): x is string => x !== null);
  return [itemLine(lang, i), facts.join(" ")].join("\n");
}

/** What a question asked of the items, for "none of them is …" and "of those, these are …". */
function criterion(lang: Lang, asked: Understanding, pick: Pick | null, one: boolean): string | null {
  const es = lang === "es";
  if (asked.types.length) {
    const names = asked.types.map((t) => (one ? `${es ? "un" : "a"} ${TYPE_NAMES[lang][t]}` : TYPE_PLURALS[lang][t]));
    return list(lang, names).replace(/^a ([aeiou])/, "an $1");
  }
  if (asked.itemLanguage) return `${es ? "en" : "in"} ${LANGUAGE_ADJ[lang][asked.itemLanguage]}`;
  if (pick?.kind === "basic") return es ? (one ? "una introducción" : "introducciones") : one ? "an introduction" : "introductions";
  if (pick?.kind === "advanced") return es ? (one ? "avanzado" : "avanzados") : "advanced";
  if (asked.skills.length || asked.keywords.length) return `${es ? "sobre" : "about"} ${topicLabel(asked)}`;
  return null;
}

/**
 * The answer to a question that points back at the previous answer's items: the item it picked,
 * described, or the items that meet what it asked of them, each under its earlier number; or an
 * honest sentence when the reference can't be resolved. Titles are the only catalog text repeated.
 */
export function composeReference(topic: Understanding, asked: Understanding, resolved: Resolved<PriorItem>, suggestions: string[]): string {
  const lang = asked.language;
  const es = lang === "es";
  const ref = asked.reference!;
  const pick = ref.pick;
  if (!resolved.ok) {
    if (resolved.reason === "none") {
      const text = es
        ? "No sé a qué elementos te refieres: todavía no te he mostrado ninguno en esta conversación. Pregúntame por un tema"
        : "I can't tell which items you mean: I haven't shown you any in this conversation yet. Ask me about a topic";
      return suggestions.length ? `${text}, ${es ? "por ejemplo" : "for example"} ${list(lang, suggestions)}.` : `${text}.`;
    }
    const n = resolved.count;
    if (resolved.reason === "out-of-range") {
      const which =
        pick?.kind === "ordinal"
          ? (ORDINAL_NAMES[lang][pick.position - 1] ?? `${pick.position}.º`)
          : pick?.kind === "ref"
            ? es
              ? `número ${pick.ref}`
              : `number ${pick.ref}`
            : "";
      return es
        ? `Mi última respuesta solo tenía ${n} ${n === 1 ? "elemento" : "elementos"}, así que no hay ${which ? `un ${which}` : "ese"}. Pregúntame por uno del 1 al ${n}.`
        : `My last answer listed only ${n} ${n === 1 ? "item" : "items"}, so there is no ${which ? `${which} one` : "such item"}. Ask about one from 1 to ${n}.`;
    }
    const what = criterion(lang, asked, pick, true);
    return es
      ? `Ninguno de los ${n} elementos de mi última respuesta es ${what ?? "lo que buscas"}. Pregúntame de nuevo por el tema y lo busco en el catálogo.`
      : `None of the ${n} items of my last answer is ${what ?? "what you asked for"}. Ask me again with the topic and I'll search the catalog for it.`;
  }
  const items = resolved.items;
  if (resolved.single) {
    const item = items[0]!;
    let intro: string;
    if (pick && (pick.kind === "shortest" || pick.kind === "longest" || pick.kind === "newest" || pick.kind === "oldest")) {
      intro = es ? `De esos, ${PICKED.es[pick.kind]} es [${item.ref}]:` : `Of those, ${PICKED.en[pick.kind]} is [${item.ref}]:`;
    } else {
      intro = es ? `Sobre el elemento [${item.ref}] de mi última respuesta:` : `About item [${item.ref}] of my last answer:`;
    }
    return [intro, describeItem(topic, lang, item)].join("\n");
  }
  const what = criterion(lang, asked, pick, false);
  const n = items.length;
  const intro = what
    ? es
      ? `De esos, ${n === 1 ? `uno es ${criterion(lang, asked, pick, true)}` : `${n} son ${what}`}:`
      : `Of those, ${n === 1 ? `one is ${criterion(lang, asked, pick, true)}` : `${n} are ${what}`}:`
    : es
      ? "Estos son los elementos de mi última respuesta:"
      : "These are the items of my last answer:";
  return [intro, ...items.map((i) => itemLine(lang, i))].join("\n");
}
