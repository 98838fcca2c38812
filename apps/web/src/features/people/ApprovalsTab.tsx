import { APPROVALS_STATUS } from "./queries";
import { RequestsSection } from "./RequestsSection";

/** Tab 3: the invite and removal requests of team leaders, pending ones first in view; hr decides. */
export function ApprovalsTab({ canDecide }: { canDecide: boolean }) {
  return (
    <>
      <RequestsSection kind="invite" canDecide={canDecide} defaultStatus={APPROVALS_STATUS} />
      <RequestsSection kind="removal" canDecide={canDecide} defaultStatus={APPROVALS_STATUS} />
    </>
  );
}
