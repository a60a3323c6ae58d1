import { useEffect, useState } from "react";

/**
 * Server-sent field messages that disappear once their field is edited (spec §5: "a field's error clears once
 * edited"). A new answer from the server shows its messages again.
 */
export function useClearingServerErrors(serverErrors: Partial<Record<string, string>> | undefined) {
  const [edited, setEdited] = useState<Set<string>>(() => new Set());
  useEffect(() => {
    // A new answer: its messages are shown again.
    void serverErrors;
    setEdited(new Set());
  }, [serverErrors]);
  return {
    serverError: (field: string) => (edited.has(field) ? undefined : serverErrors?.[field]),
    markEdited: (field: string) => {
      if (serverErrors?.[field] && !edited.has(field)) setEdited((prev) => new Set(prev).add(field));
    },
  };
}
