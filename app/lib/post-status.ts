import { z } from "zod";

// The statuses of a blog post: the one list the database type, the post form's parser, the
// status select and the badges are derived from.

export const postStatuses = ["draft", "scheduled", "published", "archived"] as const;
export type PostStatus = (typeof postStatuses)[number];

// Pure: the admin's client bundle imports the labels, and should not carry zod for a parser
// only the server runs.
export const postStatusSchema = /* @__PURE__ */ z.enum(postStatuses);

/** The pt-BR names of the post statuses, as the admin shows them. */
export const postStatusLabels: Record<PostStatus, string> = {
  draft: "Rascunho",
  scheduled: "Agendado",
  published: "Publicado",
  archived: "Arquivado",
};
