import type { Mail } from "../../lib/mailer.ts";

/**
 * A mailer stand-in for `npm run admin:create`: the set-password mail better-auth sends (after its
 * answer) is caught and its link handed back, to be printed rather than mailed.
 */
export function linkCatcher(timeoutMs = 10_000) {
  let found: ((url: string) => void) | null = null;
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("No set-password link was produced")), timeoutMs);
      found = (url) => {
        clearTimeout(timer);
        resolve(url);
      };
    });
  return {
    async send(mail: Mail) {
      const url = mail.text.match(/https?:\/\/\S+/)?.[0];
      if (url) found?.(url);
    },
    async capture(run: () => Promise<unknown>) {
      const link = next();
      await run();
      return link;
    },
  };
}
