import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { ErrorCode } from "@learnward/contracts";
import { ApiError } from "../../lib/api";
import { useErrorMessage } from "../../i18n/useErrorMessage";

type PeopleText = "conflicts.teamName" | "conflicts.deleteTeam" | "conflicts.decided" | "conflicts.removalPending" | "conflicts.invitationAccepted";

/** The people screens' refusals, worded for them; each has its own code. */
const PEOPLE_TEXTS: Partial<Record<ErrorCode, PeopleText>> = {
  team_name_taken: "conflicts.teamName",
  team_not_empty: "conflicts.deleteTeam",
  request_already_decided: "conflicts.decided",
  removal_already_pending: "conflicts.removalPending",
  invitation_already_accepted: "conflicts.invitationAccepted",
};

/** Error messages for the people screens: by code, never by the server's English message. */
export function usePeopleError(): (error: unknown) => string {
  const { t } = useTranslation("people");
  const message = useErrorMessage();
  return useCallback(
    (error: unknown) => {
      const text = error instanceof ApiError ? PEOPLE_TEXTS[error.code as ErrorCode] : undefined;
      return text ? t(text) : message(error);
    },
    [t, message],
  );
}
