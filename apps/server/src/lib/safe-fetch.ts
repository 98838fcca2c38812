import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { isPublicAddress } from "./ip-address.ts";

export { isPublicAddress } from "./ip-address.ts";

export type SafeFetchErrorCode = "invalid_url" | "blocked_address" | "too_many_redirects" | "too_large" | "timeout" | "http_error" | "network_error";

export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
    /** The HTTP status for `http_error`. */
    readonly status?: number,
  ) {
    super(message);
    this.name = "SafeFetchError";
  }
}

export interface SafeFetchOptions {
  /** Largest body accepted, after decompression. */
  maxBytes: number;
  /** Budget for the whole exchange: DNS, every redirect hop and the body. */
  timeoutMs: number;
  /** Redirects followed before giving up (default 3). */
  maxRedirects?: number;
  /** The Accept header (default `*\/*`). */
  accept?: string;
  /**
   * A body to POST (a webhook); without it the request is a GET. A POST follows no redirect: its
   * body would go somewhere nobody configured.
   */
  post?: { body: string; contentType: string };
  /**
   * The validators of a copy the caller keeps (a feed read before): sent as If-None-Match and
   * If-Modified-Since, and an unchanged resource then answers status 304 with an empty body.
   */
  conditional?: { etag?: string | null; lastModified?: string | null };
  /** More request headers (an LRS's Authorization and xAPI version); they never replace the ones above. */
  headers?: Record<string, string>;
}

export interface SafeFetchResponse {
  /** The URL that answered, after redirects. */
  finalUrl: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Lower-case media type without parameters (`text/html`), or null when absent. */
  contentType: string | null;
}

export type SafeFetch = (url: string, opts: SafeFetchOptions) => Promise<SafeFetchResponse>;

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface SafeFetchPolicy {
  /**
   * Lets through an address that is not public (tests allow their 127.0.0.1 fixture server).
   * Public addresses are always allowed; without this, every non-public one is refused.
   */
  allowAddress?: (ip: string, port: number) => boolean;
  /** Host name → addresses (default: the system resolver, every address). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  userAgent?: string;
}

const DEFAULT_USER_AGENT = "Mozilla/5.0 (compatible; LearnwardBot/1.0)";
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const systemResolve = async (hostname: string): Promise<ResolvedAddress[]> => {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

function parseTarget(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new SafeFetchError("invalid_url", "Not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new SafeFetchError("invalid_url", "Only http and https URLs can be fetched");
  }
  if (url.username || url.password) throw new SafeFetchError("invalid_url", "URLs with credentials are not fetched");
  return url;
}

const portOf = (url: URL) => Number(url.port || (url.protocol === "https:" ? 443 : 80));

function onAbort<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new SafeFetchError("timeout", "The remote server took too long"));
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

function failure(err: unknown, signal: AbortSignal): SafeFetchError {
  if (err instanceof SafeFetchError) return err;
  if (signal.aborted) return new SafeFetchError("timeout", "The remote server took too long");
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return new SafeFetchError("network_error", code ? `Could not reach the server (${code})` : "Could not reach the server");
}

/** Creates a fetcher that only talks to public addresses (plus what `policy.allowAddress` lets through). */
export function createSafeFetch(policy: SafeFetchPolicy = {}): SafeFetch {
  const resolve = policy.resolve ?? systemResolve;
  const userAgent = policy.userAgent ?? DEFAULT_USER_AGENT;

  const allowed = (ip: string, port: number) => isPublicAddress(ip) || (policy.allowAddress?.(ip, port) ?? false);

  /** The one address this hop will connect to; every candidate must pass, not just the first. */
  async function pinAddress(url: URL, signal: AbortSignal): Promise<ResolvedAddress> {
    const host = url.hostname.replace(/^\[|\]$/g, "");
    const port = portOf(url);
    const literal = net.isIP(host);
    let candidates: ResolvedAddress[];
    if (literal) {
      candidates = [{ address: host, family: literal === 6 ? 6 : 4 }];
    } else {
      try {
        candidates = await onAbort(signal, resolve(host));
      } catch (err) {
        if (err instanceof SafeFetchError) throw err;
        throw new SafeFetchError("network_error", `Could not resolve ${host}`);
      }
    }
    if (candidates.length === 0) throw new SafeFetchError("network_error", `Could not resolve ${host}`);
    const blocked = candidates.find((c) => !allowed(c.address, port));
    if (blocked) throw new SafeFetchError("blocked_address", "This address cannot be fetched");
    return candidates[0]!;
  }

  function exchange(url: URL, pinned: ResolvedAddress, opts: SafeFetchOptions, signal: AbortSignal) {
    return new Promise<http.IncomingMessage>((resolveRes, reject) => {
      // Connect to the address checked above, never to a second DNS answer (DNS rebinding).
      const lookup: net.LookupFunction = (_hostname, options, callback) => {
        if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
        else callback(null, pinned.address, pinned.family);
      };
      const mod = url.protocol === "https:" ? https : http;
      const body = opts.post ? Buffer.from(opts.post.body) : null;
      const req = mod.request(url, {
        method: body ? "POST" : "GET",
        agent: false,
        lookup,
        family: pinned.family,
        signal,
        headers: {
          ...opts.headers,
          "user-agent": userAgent,
          accept: opts.accept ?? "*/*",
          "accept-encoding": "gzip, deflate, br",
          ...(body ? { "content-type": opts.post!.contentType, "content-length": String(body.length) } : {}),
          ...(opts.conditional?.etag ? { "if-none-match": opts.conditional.etag } : {}),
          ...(opts.conditional?.lastModified ? { "if-modified-since": opts.conditional.lastModified } : {}),
        },
      });
      req.on("response", resolveRes);
      req.on("error", reject);
      req.end(body ?? undefined);
    });
  }

  function readBody(res: http.IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
    const declared = Number(res.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) {
      res.destroy();
      return Promise.reject(new SafeFetchError("too_large", `The response is larger than ${maxBytes} bytes`));
    }
    const encoding = String(res.headers["content-encoding"] ?? "")
      .trim()
      .toLowerCase();
    let stream: Readable = res;
    if (encoding === "gzip" || encoding === "x-gzip") stream = res.pipe(zlib.createGunzip());
    else if (encoding === "deflate") stream = res.pipe(zlib.createInflate());
    else if (encoding === "br") stream = res.pipe(zlib.createBrotliDecompress());

    return new Promise<Buffer>((resolveBody, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let stopped = false;
      const stop = (err: SafeFetchError) => {
        stopped = true;
        res.destroy();
        if (stream !== res) stream.destroy();
        reject(err);
      };
      const abort = () => stop(new SafeFetchError("timeout", "The remote server took too long"));
      if (signal.aborted) return abort();
      signal.addEventListener("abort", abort, { once: true });
      const done = () => signal.removeEventListener("abort", abort);
      stream.on("data", (chunk: Buffer) => {
        if (stopped) return;
        size += chunk.length;
        if (size > maxBytes) {
          done();
          stop(new SafeFetchError("too_large", `The response is larger than ${maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      stream.on("end", () => {
        done();
        resolveBody(Buffer.concat(chunks));
      });
      stream.on("error", (err) => {
        done();
        reject(failure(err, signal));
      });
      if (stream !== res) res.on("error", (err) => stream.destroy(err));
    });
  }

  return async function safeFetch(rawUrl, opts) {
    const maxRedirects = opts.post ? 0 : (opts.maxRedirects ?? 3);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
    const { signal } = controller;
    try {
      let url = parseTarget(rawUrl);
      for (let redirects = 0; ; redirects++) {
        const pinned = await pinAddress(url, signal);
        const res = await exchange(url, pinned, opts, signal);
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        if (REDIRECT_STATUSES.has(status) && location) {
          res.destroy();
          if (redirects >= maxRedirects) {
            throw new SafeFetchError("too_many_redirects", `More than ${maxRedirects} redirects`);
          }
          // Each hop is a new target: scheme, address and port are checked again.
          url = parseTarget(location, url);
          continue;
        }
        if (status === 304 && (opts.conditional?.etag || opts.conditional?.lastModified)) {
          res.destroy();
          return { finalUrl: url.toString(), status, headers: res.headers, body: Buffer.alloc(0), contentType: null };
        }
        if (status < 200 || status > 299) {
          res.destroy();
          throw new SafeFetchError("http_error", `The server answered ${status}`, status);
        }
        const body = await readBody(res, opts.maxBytes, signal);
        const type = res.headers["content-type"];
        return {
          finalUrl: url.toString(),
          status,
          headers: res.headers,
          body,
          contentType: type ? type.split(";")[0]!.trim().toLowerCase() || null : null,
        };
      }
    } catch (err) {
      throw failure(err, signal);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The default fetcher: public addresses only. */
export const safeFetch: SafeFetch = createSafeFetch();
