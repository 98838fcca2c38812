/** Bytes that decode to a control character (NUL cannot even be stored in text) are kept as written. */
const hasControl = (text: string) => [...text].some((c) => c < " " || c === "\u007f");

function decoded(escapes: string): string | null {
  try {
    const text = decodeURIComponent(escapes);
    return hasControl(text) ? null : text;
  } catch {
    return null;
  }
}

/**
 * Percent-decoding for showing an address to people, which never throws: an address typed or pasted
 * by anyone may carry `%ZZ` or a UTF-8 sequence cut short (`%E0%A4%A`), where decodeURIComponent
 * throws. Each run of escapes is decoded character by character (one to four bytes of UTF-8); an
 * escape that starts no whole character stays as it was written.
 */
export function decodePercentLeniently(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    const whole = decoded(run);
    if (whole !== null) return whole;
    let out = "";
    for (let i = 0; i < run.length;) {
      let taken = 3;
      let piece = run.slice(i, i + 3);
      for (let bytes = 4; bytes >= 1; bytes--) {
        const text = i + 3 * bytes <= run.length ? decoded(run.slice(i, i + 3 * bytes)) : null;
        if (text !== null) {
          [piece, taken] = [text, 3 * bytes];
          break;
        }
      }
      out += piece;
      i += taken;
    }
    return out;
  });
}
