import type { ReactNode } from "react";
import { PageHeader } from "./PageHeader";
import { EmptyState } from "./EmptyState";

interface ModulePageProps {
  title: string;
  description: string;
  emptyTitle: string;
  emptyDescription: string;
  icon?: ReactNode;
}

/** A module page whose content has not been built yet: its heading, its purpose and an honest empty state. */
export function ModulePage({ title, description, emptyTitle, emptyDescription, icon }: ModulePageProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState title={emptyTitle} description={emptyDescription} icon={icon} />
    </>
  );
}
