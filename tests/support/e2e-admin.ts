// The blog admin the end-to-end webServer creates on its first start (its user table is
// empty): playwright.config.ts passes these as ADMIN_EMAIL / ADMIN_PASSWORD.
export const E2E_ADMIN = {
  email: "admin.e2e@exemplo-condominio.com.br",
  password: "senha-de-teste-e2e-2024",
} as const;
