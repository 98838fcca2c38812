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
    /**
     * Runs `run` and answers the link its mail carries. The mail is queued after better-auth
     * answers, so `pump` (the queue's drain) is called until the link has gone through.
     */
    async capture(run: () => Promise<unknown>, pump?: () => Promise<unknown>) {
      let caught = false;
      const link = next().finally(() => (caught = true));
      await run();
      while (pump && !caught) {
        await pump();
        await Promise.race([link.catch(() => {}), new Promise((resolve) => setTimeout(resolve, 20))]);
      }
      return link;
    },
  };
}
