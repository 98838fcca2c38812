export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The value of cookie `name` in a Cookie header (or document.cookie), or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return null;
      }
    }
  }
  return null;
}
