/** spec §3 "Recognised providers by URL pattern": which provider and content type a URL is. */
export type ContentType = "article" | "video" | "course" | "podcast" | "book" | "job";

interface ProviderRule {
  provider: string;
  type: ContentType;
  hosts: string[];
  path?: RegExp;
}

// Order matters: LinkedIn Learning before LinkedIn jobs; the first matching rule wins.
const RULES: ProviderRule[] = [
  { provider: "youtube", type: "video", hosts: ["youtube.com", "youtu.be", "youtube-nocookie.com"] },
  { provider: "vimeo", type: "video", hosts: ["vimeo.com"] },
  { provider: "dailymotion", type: "video", hosts: ["dailymotion.com", "dai.ly"] },
  { provider: "twitch", type: "video", hosts: ["twitch.tv"] },
  { provider: "dtube", type: "video", hosts: ["d.tube"] },
  { provider: "ted", type: "video", hosts: ["ted.com"], path: /^\/talks\// },
  { provider: "spotify", type: "podcast", hosts: ["spotify.com"] },
  { provider: "googleBooks", type: "book", hosts: ["books.google.com", "play.google.com"], path: /^\/(books|store\/books)/ },
  { provider: "coursera", type: "course", hosts: ["coursera.org"] },
  { provider: "edx", type: "course", hosts: ["edx.org"] },
  { provider: "udemy", type: "course", hosts: ["udemy.com"] },
  { provider: "crehana", type: "course", hosts: ["crehana.com"] },
  { provider: "platzi", type: "course", hosts: ["platzi.com"] },
  { provider: "skillshare", type: "course", hosts: ["skillshare.com"] },
  { provider: "linkedinLearning", type: "course", hosts: ["linkedin.com"], path: /^\/learning(\/|$)/ },
  { provider: "domestika", type: "course", hosts: ["domestika.org"] },
  { provider: "indeed", type: "job", hosts: ["indeed.com"] },
  { provider: "glassdoor", type: "job", hosts: ["glassdoor.com"] },
  { provider: "flexjobs", type: "job", hosts: ["flexjobs.com"] },
  { provider: "linkedin", type: "job", hosts: ["linkedin.com"], path: /^\/jobs(\/|$)/ },
  { provider: "angel", type: "job", hosts: ["angel.co", "wellfound.com"] },
  { provider: "getwork", type: "job", hosts: ["getwork.com"] },
  { provider: "snagajob", type: "job", hosts: ["snagajob.com"] },
  { provider: "monster", type: "job", hosts: ["monster.com"] },
];

const hostMatches = (host: string, base: string) => host === base || host.endsWith(`.${base}`);

/** Unknown hosts are articles with no provider. Google Books also lives on books.google.<tld>. */
export function recognise(rawUrl: string): { provider: string | null; type: ContentType } {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { provider: null, type: "article" };
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (/^books\.google\.[a-z.]+$/.test(host)) return { provider: "googleBooks", type: "book" };
  for (const rule of RULES) {
    if (rule.hosts.some((h) => hostMatches(host, h)) && (!rule.path || rule.path.test(url.pathname))) {
      return { provider: rule.provider, type: rule.type };
    }
  }
  return { provider: null, type: "article" };
}

/**
 * One catalog row per URL per company: lower-case scheme and host, no www., no fragment,
 * no tracking parameters, sorted query, no trailing slash.
 */
export function normaliseUrl(rawUrl: string): string {
  const url = new URL(rawUrl);
  url.hash = "";
  url.hostname = url.hostname.toLowerCase().replace(/^www\./, "");
  for (const key of [...url.searchParams.keys()]) {
    if (/^(utm_|fbclid$|gclid$|mc_|ref$|si$)/i.test(key)) url.searchParams.delete(key);
  }
  url.searchParams.sort();
  let s = url.toString();
  if (url.pathname.length > 1 && s.endsWith("/")) s = s.slice(0, -1);
  else if (url.pathname === "/" && !url.search) s = s.replace(/\/$/, "");
  return s;
}
