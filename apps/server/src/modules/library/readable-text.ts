import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";

/** What a page's reader view keeps of it. */
export interface ReadableText {
  title: string | null;
  byline: string | null;
  excerpt: string | null;
  siteName: string | null;
  /** Paragraphs separated by a blank line. */
  text: string;
  wordCount: number;
}

/**
 * The longest text kept (characters): a long article is 10–60 kB of text, so this keeps whole
 * books' chapters while bounding the row, its tsvector (an adversarial 200,000 characters of
 * unique words make a 420 kB English + Spanish tsvector, under PostgreSQL's 1 MB limit) and the
 * reader's download. A longer text is cut at the last paragraph that fits.
 */
export const MAX_TEXT_CHARS = 200_000;
/**
 * Pages with more elements than this are not read: Readability's time grows with them and it runs
 * on the process's event loop (measured here on a busy 2-core machine: a 160 kB article page of
 * 2,300 elements took 0.3 s to parse and read; 13,800 elements took 3.8 s). Real articles have a
 * few thousand. The page's bytes are already capped by the fetch (2 MB).
 */
export const MAX_ELEMENTS = 10_000;
/**
 * Deeper pages are not read: linkedom's parser and Readability slow down sharply with nesting (a
 * hostile page 100,000 divs deep took linkedom 36 s; 390 deep took Readability 3 s) while real
 * pages nest a few dozen deep. Check it with pageShape on the parse5 tree before calling
 * readableText, which parses again with linkedom.
 */
export const MAX_DEPTH = 128;

/** Whether a page's shape (counted on any parse of it) is one readableText may read. */
export const readableShape = (shape: { elements: number; depth: number }) => shape.elements <= MAX_ELEMENTS && shape.depth <= MAX_DEPTH;

/** Elements that end a paragraph of the reader's text. */
const BLOCKS = new Set(
  "P H1 H2 H3 H4 H5 H6 LI UL OL DL DT DD BLOCKQUOTE PRE DIV SECTION ARTICLE HEADER FOOTER FIGURE FIGCAPTION TABLE TR TD TH ASIDE MAIN ADDRESS DETAILS SUMMARY HR BR".split(
    " ",
  ),
);

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

/** The element count and depth, walked without recursion; stops as soon as either bound is passed. */
function withinBounds(root: DomNode): boolean {
  const stack: [DomNode, number][] = [[root, 0]];
  let elements = 0;
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node.nodeType !== 1 && node.nodeType !== 9) continue;
    if (++elements > MAX_ELEMENTS || depth > MAX_DEPTH) return false;
    const children = node.childNodes;
    for (let i = 0; i < children.length; i++) stack.push([children[i]!, depth + 1]);
  }
  return true;
}

/** The article's paragraphs, in order: text runs between block elements, whitespace collapsed (kept inside <pre>). */
function paragraphs(root: DomNode): string[] {
  const out: string[] = [];
  let current = "";
  const flush = () => {
    const p = current.trim();
    if (p) out.push(p);
    current = "";
  };
  // Entries are nodes to enter, or the marker that a block (or a <pre>) was left.
  type Entry = { node: DomNode; pre: boolean } | { leave: true };
  const stack: Entry[] = [{ node: root, pre: false }];
  while (stack.length) {
    const entry = stack.pop()!;
    if ("leave" in entry) {
      flush();
      continue;
    }
    const { node, pre } = entry;
    if (node.nodeType === 3) {
      const raw = node.textContent ?? "";
      current += pre ? raw : raw.replace(/\s+/g, " ");
      continue;
    }
    if (node.nodeType !== 1) continue;
    const name = node.nodeName.toUpperCase();
    const block = BLOCKS.has(name);
    if (block) {
      flush();
      stack.push({ leave: true });
    }
    const inPre = pre || name === "PRE";
    const children = node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, pre: inPre });
  }
  flush();
  return out;
}

/** Paragraphs joined until the next would pass MAX_TEXT_CHARS; a first paragraph longer than that is cut at a space. */
export function boundedText(paras: readonly string[], max = MAX_TEXT_CHARS): string {
  let text = "";
  for (const p of paras) {
    const next = text ? `${text}\n\n${p}` : p;
    if (next.length > max) {
      if (text) break;
      const cut = p.slice(0, max);
      const space = cut.lastIndexOf(" ");
      return (space > max / 2 ? cut.slice(0, space) : cut).trimEnd();
    }
    text = next;
  }
  return text;
}

const clean = (v: string | null | undefined, max: number) => {
  const s = v?.replace(/\s+/g, " ").trim();
  return s ? s.slice(0, max) : null;
};

/**
 * The readable text of an HTML page, as a reader view shows it: Readability over a linkedom
 * document, which runs no script and loads nothing. null when the page has no article, or is too
 * large or too deep to read safely (MAX_ELEMENTS, MAX_DEPTH: the caller checks readableShape
 * first, on a parse that copes with deep nesting). Never throws.
 */
export function readableText(html: string): ReadableText | null {
  try {
    const { document } = parseHTML(html);
    if (!document?.documentElement || !document.body) return null;
    if (!withinBounds(document as unknown as DomNode)) return null;
    const article = new Readability(document as unknown as Document, {
      maxElemsToParse: MAX_ELEMENTS,
      // The article element itself, to walk into paragraphs, rather than its HTML.
      serializer: (el) => el,
    }).parse();
    if (!article?.content) return null;
    const text = boundedText(paragraphs(article.content as unknown as DomNode));
    if (!text) return null;
    return {
      title: clean(article.title, 300),
      byline: clean(article.byline, 200),
      excerpt: clean(article.excerpt, 1000),
      siteName: clean(article.siteName, 200),
      text,
      wordCount: text.split(/\s+/).filter(Boolean).length,
    };
  } catch {
    // A page Readability can't make sense of is a page without a reader view, not a failed job.
    return null;
  }
}
