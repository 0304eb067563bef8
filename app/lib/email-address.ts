import { z } from "zod";

// What an account's e-mail must look like, in one schema the server and the admin's forms in
// the browser share, so both refuse the same address with the same pt-BR message.

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "Informe um e-mail válido.")
  .pipe(z.email("Informe um e-mail válido."));
