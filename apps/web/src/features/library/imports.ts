import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LibraryImport } from "@learnward/contracts";
import { request } from "../../lib/api";
import type { OperationBody } from "../../lib/apiPaths";
import { checkedBy } from "../../lib/contracts";
import { libraryKey } from "./query";

export type ImportContent = OperationBody<"/api/contentuser/import", "POST">;

const checkImport = checkedBy((s) => s.LibraryImport);
const checkImportList = checkedBy((s) => s.LibraryImportList);
const importsKey = [...libraryKey, "imports"] as const;
/** How often a running import is asked for its progress. */
const PROGRESS_MS = 1000;

const running = (run: LibraryImport | undefined) => run?.status === "queued" || run?.status === "running";

/** POST /api/contentuser/import: the file is read at once (a broken one is refused); a job then saves its links. */
export const importContent = (body: ImportContent) => request("/api/contentuser/import", { method: "POST", body, parse: checkImport });

/** Sends a file; the import it starts becomes the latest one, which the page follows. */
export function useImportContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importContent,
    onSuccess: (run) => queryClient.setQueryData(importsKey, { results: [run] }),
  });
}

/**
 * My latest import, asked again every second while it runs: a person who left the page and came
 * back sees it where it is. When it ends, the library, its counts and folders are read again.
 */
export function useLatestImport() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: importsKey,
    queryFn: () => request("/api/contentuser/import", { parse: checkImportList }),
    select: (list) => list.results[0],
    refetchInterval: (q) => (running(q.state.data?.results[0]) ? PROGRESS_MS : false),
  });
  const latest = query.data;
  const ended = latest !== undefined && !running(latest);
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: libraryKey, predicate: (q) => q.queryKey[1] !== importsKey[1] });
  }, [ended, latest?.id, queryClient]);
  return { latest, running: running(latest) };
}
