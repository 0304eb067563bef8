import type { MouseEvent } from "react";
import { Button } from "./ui";

/** The admin route that renders posted editor values as an article (docs/decisions/0028). */
export const POST_PREVIEW_PATH = "/admin/posts/visualizar";

/**
 * 'Visualizar': the editor's current values, saved or not, shown as the article in a new tab.
 * React Router's <Form> would submit in this tab, so the values are copied into a plain form
 * that the browser posts with target _blank.
 */
function openPreview(event: MouseEvent<HTMLButtonElement>) {
  const editor = event.currentTarget.form;
  if (!editor) return;
  const preview = document.createElement("form");
  preview.method = "post";
  preview.action = POST_PREVIEW_PATH;
  preview.target = "_blank";
  preview.hidden = true;
  for (const [name, value] of new FormData(editor)) {
    if (typeof value !== "string") continue;
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    preview.append(input);
  }
  document.body.append(preview);
  preview.submit();
  preview.remove();
}

export function PostPreviewButton() {
  return (
    <Button type="button" variant="secondary" onClick={openPreview}>
      Visualizar
    </Button>
  );
}
