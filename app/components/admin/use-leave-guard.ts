import { useEffect, useRef } from "react";
import { useBlocker, useNavigation } from "react-router";

export const LEAVE_MESSAGE = "Há alterações que ainda não foram salvas. Sair mesmo assim e perdê-las?";

/**
 * Ask before leaving a page whose form holds unsaved edits: closing the tab, reloading or
 * following a plain link (the browser's own question on beforeunload) and the admin's in-app
 * links (a confirm). Submitting the form itself is not leaving: `submitting` is set by the form.
 */
export function useLeaveGuard(isDirty: () => boolean) {
  const submitting = useRef(false);
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === "idle") submitting.current = false;
  }, [navigation.state]);

  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (submitting.current || !isDirty()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [isDirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !submitting.current && currentLocation.pathname !== nextLocation.pathname && isDirty(),
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(LEAVE_MESSAGE)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  return {
    /** For the form's onSubmit: its own submission leaves without asking. */
    onSubmit: () => {
      submitting.current = true;
    },
  };
}
