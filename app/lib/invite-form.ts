import { z } from "zod";
import { emailSchema } from "./email-address";
import { ROLES } from "./roles";

// The team page's invitation form: the invite command checks it on the server, and the page
// checks the same schema in the browser before anything is sent.

export const ROLE_MESSAGE = "Escolha o papel: Administrador ou Editor.";

export const inviteFormSchema = z.object({
  email: emailSchema,
  role: z.enum(ROLES, ROLE_MESSAGE),
});
