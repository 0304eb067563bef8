// Which addresses belong to the admin and to the sign-in page, as the HTTP layer sees them.
// React Router matches routes without regard to case, so /ADMIN/… reaches the same admin
// routes as /admin/…: every rule of the HTTP layer (the session gate, no-store, body limits)
// must match them the same way, or a different spelling skips it.

/** /admin, /admin/…, and React Router's data requests for them (/admin.data). */
export function isAdminPath(path: string): boolean {
  return /^\/admin(?:[/.]|$)/i.test(path);
}

/**
 * The sign-in page and the other pages an account is reached from (an invitation, 'forgot my
 * password', a reset link: their addresses carry single-use tokens), and their data requests.
 */
export function isSignInPath(path: string): boolean {
  return /^\/(?:auth|convite|esqueci-minha-senha|redefinir-senha)(?:[/.]|$)/i.test(path);
}
