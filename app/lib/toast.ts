// A notification, as every part of the site shows it: the quote form's outcome, a failed
// sign-in, an admin action's flash message from the server and the admin's own toasts.

export type ToastVariant = "success" | "error";

export interface Toast {
  title: string;
  description?: string;
  /** "success" when left out; errors are announced assertively. */
  variant?: ToastVariant;
}
