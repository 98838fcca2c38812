import type { FastifyRequest } from "fastify";
import type { Page } from "@learnward/contracts";

declare module "fastify" {
  interface FastifyInstance {
    /** PUBLIC_URL: the address people use; every link the server writes starts with it. */
    publicUrl: string;
  }
}

export interface PageParams {
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
}

export function pageParams(q: { page?: number; page_size?: number }, defaultSize: number): PageParams {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? defaultSize;
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

/** DRF-style page: `next` and `previous` are absolute links that keep every other parameter. */
export function toPage<T>(req: FastifyRequest, p: PageParams, count: number, results: T[]): Page<T> {
  const link = (page: number) => {
    const url = new URL(req.url, req.server.publicUrl);
    url.searchParams.set("page", String(page));
    url.searchParams.set("page_size", String(p.pageSize));
    return url.toString();
  };
  return {
    count,
    next: p.offset + results.length < count ? link(p.page + 1) : null,
    previous: p.page > 1 ? link(Math.min(p.page - 1, Math.max(1, Math.ceil(count / p.pageSize)))) : null,
    results,
  };
}

/**
 * The page a list route answers: `load` reads the query's page of rows (its limit and offset) and
 * how many there are in all; `present` shapes each row, with what `load` found beside the rows.
 * Pass `present` as an arrow (`(row) => presentX(row)`): TypeScript then reads the rows' type from `load`.
 */
export async function presentPage<F extends { rows: unknown[]; count: number }, T>(
  req: FastifyRequest & { query: { page?: number; page_size: number } },
  load: (p: PageParams) => Promise<F>,
  present: (row: NoInfer<F>["rows"][number], found: NoInfer<F>) => T,
): Promise<Page<T>> {
  const p = pageParams(req.query, req.query.page_size);
  const found = await load(p);
  return toPage(
    req,
    p,
    found.count,
    found.rows.map((row) => present(row, found)),
  );
}
