import { type RefObject, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { formatClockTime } from "~/lib/site-time";
import type { PostAutosaved, PostFormFailure } from "~/server/posts/index.server";
import { formSnapshot } from "./use-form-changes";

/** How often a changed draft is saved on its own. */
export const AUTOSAVE_INTERVAL_MS = 30_000;

interface AutosaveOptions {
  formRef: RefObject<HTMLFormElement | null>;
  /** Autosave runs for a saved draft only (docs/decisions/0030). */
  enabled: boolean;
  isDirty: () => boolean;
  markSaved: (snapshot: string) => void;
  /** The version the form now stands on, after an autosave. */
  onVersion: (version: number) => void;
}

/**
 * Every AUTOSAVE_INTERVAL_MS, a draft whose form changed is posted to the editor's own action
 * with intent=autosave, through the same version check as a save. Returns the quiet status
 * text for an aria-live region.
 */
export function usePostAutosave({
  formRef,
  enabled,
  isDirty,
  markSaved,
  onVersion,
}: AutosaveOptions): string {
  const fetcher = useFetcher<PostAutosaved | PostFormFailure>();
  const [status, setStatus] = useState("");
  const [stopped, setStopped] = useState(false);
  const sent = useRef<string | null>(null);
  const busy = useRef(false);
  busy.current = fetcher.state !== "idle";
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;

  useEffect(() => {
    if (!enabled || stopped) return;
    const timer = window.setInterval(() => {
      const form = formRef.current;
      if (!form || busy.current || !isDirty()) return;
      // A draft about to be published or scheduled waits for the person's own save.
      const status = form.elements.namedItem("status");
      if (status instanceof HTMLSelectElement && status.value !== "draft") return;
      const body = new FormData(form);
      body.set("intent", "autosave");
      sent.current = formSnapshot(form);
      setStatus("Salvando rascunho…");
      void submit.current(body, { method: "post" });
    }, AUTOSAVE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [enabled, stopped, formRef, isDirty]);

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    if ("autosaved" in answer) {
      if (sent.current !== null) markSaved(sent.current);
      onVersion(answer.autosaved.version);
      setStatus(`Rascunho salvo às ${formatClockTime(new Date(answer.autosaved.savedAt))}`);
    } else if (answer.conflict) {
      // Someone else saved: the person decides with the save button, which shows both versions.
      setStopped(true);
      setStatus(
        "Este post foi alterado por outra pessoa; o salvamento automático parou. Clique em Salvar para comparar as versões.",
      );
    } else {
      setStatus(`Rascunho não salvo automaticamente: ${answer.error}`);
    }
  }, [answer, markSaved, onVersion]);

  return status;
}
