import { Children, Suspense, type ReactNode } from "react";

/*
 * Parts of a server-rendered page that React hydrates each in a commit of its own. A commit cannot be
 * sliced, and hydration commits in one task what is not in such a part: on a slow phone, /home's came to
 * 80-140 ms of input unanswered (Lighthouse's total blocking time).
 *
 * A part is a Suspense boundary: React hydrates its content after the page around it, in a commit of
 * its own, and the parts inside it after that. Parts side by side hydrate in one commit, so
 * HydratedInTurn nests them. Nothing in a part may suspend (its fallback is empty): each renders from
 * data and code the page already has. Until its turn, a part is the server's HTML; a press on it
 * hydrates it first. Boundaries add no element: the page's layout is unchanged.
 */

/** Its children as one part hydrated after the page around it. */
export function HydratedApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** Each of its children as a part hydrated after the one before it. */
export function HydratedInTurn({ children }: { children: ReactNode }) {
  return Children.toArray(children).reduceRight<ReactNode>(
    (later, part) => (
      <HydratedApart>
        {part}
        {later}
      </HydratedApart>
    ),
    null,
  );
}
