import { z } from "zod";

// A blog category's name, as the categories page's forms send it: the commands check it on
// the server, and the page checks the same schema in the browser before anything is sent.

export const categoryFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Informe o nome da categoria.")
    .max(80, "O nome pode ter no máximo 80 caracteres."),
});
