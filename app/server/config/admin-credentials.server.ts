import { z } from "zod";
import { emailSchema } from "../../lib/email-address.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../lib/password-rules.ts";

// What an account's e-mail and password must look like. Apart from the accounts' store so that
// the configuration (ADMIN_EMAIL, ADMIN_PASSWORD) checks them without opening a database. The
// e-mail's schema is in app/lib: the admin's forms check it in the browser too.

export { emailSchema };

/** Length only; how guessable it is needs the dictionaries (`passwordProblem`, asynchronous). */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `A senha precisa ter pelo menos ${PASSWORD_MIN} caracteres.`)
  .max(PASSWORD_MAX, `A senha pode ter no máximo ${PASSWORD_MAX} caracteres.`);

export const adminCredentialsSchema = z.object({ email: emailSchema, password: passwordSchema });

export type AdminCredentials = z.infer<typeof adminCredentialsSchema>;
