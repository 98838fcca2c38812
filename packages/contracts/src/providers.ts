// spec §3 "Recognised providers by URL pattern": which provider and content type a URL is. The one
// copy: the server recognises saved URLs with it and the web app labels providers from its names.
// No zod here: the web app's first load reads it.
import type { CONTENT_TYPES } from "./constants.ts";

type ContentTypeName = (typeof CONTENT_TYPES)[number];

interface ProviderRule {
  provider: string;
  type: ContentTypeName;
  /** Host names; the rule also holds for their subdomains. */
  hosts: readonly string[];
  /** Names whose every country domain counts, subdomains too (glassdoor → www.glassdoor.co.uk, glassdoor.de…). */
  countryHosts?: readonly string[];
  path?: RegExp;
}

// Order matters: the first matching rule wins (Google Books before anything else on google.*,
// LinkedIn Learning before LinkedIn jobs).
const RULES = [
  { provider: "youtube", type: "video", hosts: ["youtube.com", "youtu.be", "youtube-nocookie.com"] },
  { provider: "vimeo", type: "video", hosts: ["vimeo.com"] },
  { provider: "dailymotion", type: "video", hosts: ["dailymotion.com", "dai.ly"] },
  { provider: "twitch", type: "video", hosts: ["twitch.tv"] },
  { provider: "dtube", type: "video", hosts: ["d.tube"] },
  { provider: "ted", type: "video", hosts: ["ted.com"], path: /^\/(talks|playlists)\// },
  { provider: "spotify", type: "podcast", hosts: ["spotify.com"] },
  // books.google.<tld>/books?id=…, play.google.com/store/books/…, and Google's current book pages
  // www.google.<tld>/books/edition/<title>/<id>.
  { provider: "googleBooks", type: "book", hosts: [], countryHosts: ["books.google"] },
  { provider: "googleBooks", type: "book", hosts: ["play.google.com"], path: /^\/store\/books(\/|$)/ },
  { provider: "googleBooks", type: "book", hosts: [], countryHosts: ["google"], path: /^\/books(\/|$)/ },
  { provider: "coursera", type: "course", hosts: ["coursera.org"] },
  { provider: "edx", type: "course", hosts: ["edx.org"] },
  { provider: "udemy", type: "course", hosts: ["udemy.com"] },
  { provider: "crehana", type: "course", hosts: ["crehana.com"] },
  { provider: "platzi", type: "course", hosts: ["platzi.com"] },
  { provider: "skillshare", type: "course", hosts: ["skillshare.com"] },
  { provider: "linkedinLearning", type: "course", hosts: ["linkedin.com"], path: /^\/learning(\/|$)/ },
  { provider: "domestika", type: "course", hosts: ["domestika.org"] },
  { provider: "indeed", type: "job", hosts: ["indeed.com"] },
  { provider: "glassdoor", type: "job", hosts: [], countryHosts: ["glassdoor"] },
  { provider: "flexjobs", type: "job", hosts: ["flexjobs.com"] },
  { provider: "linkedin", type: "job", hosts: ["linkedin.com"], path: /^\/jobs(\/|$)/ },
  { provider: "angel", type: "job", hosts: ["angel.co", "wellfound.com"] },
  { provider: "getwork", type: "job", hosts: ["getwork.com"] },
  { provider: "snagajob", type: "job", hosts: ["snagajob.com"] },
  { provider: "monster", type: "job", hosts: ["monster.com"] },
] as const satisfies readonly ProviderRule[];

/** Every recognised provider's name (spec §3), in the spec's order. */
export const PROVIDERS = [...new Set(RULES.map((r) => r.provider))] as (typeof RULES)[number]["provider"][];
export type Provider = (typeof PROVIDERS)[number];
export const isProvider = (value: string): value is Provider => (PROVIDERS as readonly string[]).includes(value);

// A country's domain after the name: .com, .de, .co.uk, .com.au, .com.br…
const COUNTRY_SUFFIX = /^(com|[a-z]{2}|(co|com|org|net)\.[a-z]{2})$/;
const hostMatches = (host: string, base: string) => host === base || host.endsWith(`.${base}`);
function countryHostMatches(host: string, name: string): boolean {
  const labels = host.split(".");
  const at = labels.lastIndexOf(name.split(".").pop()!);
  const start = at - (name.split(".").length - 1);
  return start >= 0 && labels.slice(start, at + 1).join(".") === name && COUNTRY_SUFFIX.test(labels.slice(at + 1).join("."));
}

/** The provider and content type of a URL; unknown hosts (and anything unreadable) are articles with no provider. */
export function recogniseProvider(rawUrl: string): { provider: Provider | null; type: ContentTypeName } {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { provider: null, type: "article" };
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  for (const rule of RULES as readonly ProviderRule[]) {
    const hostOk = rule.hosts.some((h) => hostMatches(host, h)) || (rule.countryHosts ?? []).some((n) => countryHostMatches(host, n));
    if (hostOk && (!rule.path || rule.path.test(url.pathname))) return { provider: rule.provider as Provider, type: rule.type };
  }
  return { provider: null, type: "article" };
}
