import { Suspense, type ReactNode } from "react";

/**
 * Its children as a part of the page that React hydrates in a commit of its own. A commit cannot be
 * sliced, and a server-rendered page's hydration commits in one task what is not in such a part: on a
 * slow phone, /home's came to 80-140 ms of input unanswered (Lighthouse's total blocking time).
 *
 * A Suspense boundary: React hydrates each one's content apart, after the page around it. Nothing in
 * it may suspend (its fallback is empty): the parts it holds render from data and code the page
 * already has. Until its turn, its part is the server's HTML; a press on it hydrates it first.
 */
export function HydratedApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
