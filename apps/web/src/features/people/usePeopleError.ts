import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api";
import { useErrorMessage } from "../../i18n/useErrorMessage";

/** What a 409 meant where it happened. */
export type ConflictContext = "teamName" | "deleteTeam" | "decided" | "removalPending" | "invitationAccepted";

/**
 * Error messages for the people screens. The server answers every 409 with the one code
 * `conflict` and an English message, so the meaning comes from the action that got it: a team
 * that is not empty, a request already decided, a removal already pending. Other codes (e.g.
 * email_in_use) get their usual translated message.
 */
export function usePeopleError(): (error: unknown, context?: ConflictContext) => string {
  const { t } = useTranslation("people");
  const message = useErrorMessage();
  return useCallback(
    (error: unknown, context?: ConflictContext) => {
      if (context && isApiError(error, "conflict")) return t(`conflicts.${context}`);
      return message(error);
    },
    [t, message],
  );
}
