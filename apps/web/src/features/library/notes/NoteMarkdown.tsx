import Markdown, { defaultUrlTransform, type Components } from "react-markdown";
import Box from "@mui/material/Box";

/** Only links a browser opens as pages (or a mail): javascript:, data: and the like are dropped. */
const SAFE_LINK = /^(?:https?:|mailto:)/i;
const safeUrl = (url: string) => {
  const kept = defaultUrlTransform(url);
  return SAFE_LINK.test(kept) ? kept : "";
};

// A note's headings sit below the section's own heading; pictures are shown as links, so that
// opening a note never loads anything from another site.
const components: Components = {
  h1: ({ children }) => <h3>{children}</h3>,
  h2: ({ children }) => <h4>{children}</h4>,
  h3: ({ children }) => <h5>{children}</h5>,
  h4: ({ children }) => <h6>{children}</h6>,
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow ugc">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ src, alt }) =>
    typeof src === "string" && src ? (
      <a href={src} target="_blank" rel="noopener noreferrer nofollow ugc">
        {alt || src}
      </a>
    ) : (
      <span>{alt}</span>
    ),
};

/**
 * A note's Markdown, shown safely: HTML in it is left out (never rendered), links open in a new tab
 * without access to this page, and only web and mail links are links.
 */
export function NoteMarkdown({ text }: { text: string }) {
  return (
    <Box
      sx={{
        overflowWrap: "anywhere",
        "& pre": { overflowX: "auto", p: 1, bgcolor: "action.hover", borderRadius: 1 },
        "& code": { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" },
        "& h3, & h4, & h5, & h6": { mt: 2, mb: 1 },
        "& blockquote": { borderLeft: 3, borderColor: "divider", m: 0, pl: 2, color: "text.secondary" },
      }}
    >
      <Markdown skipHtml urlTransform={safeUrl} components={components}>
        {text}
      </Markdown>
    </Box>
  );
}
