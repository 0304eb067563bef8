import type { ReactNode } from "react";
import type { Toast } from "~/lib/toast";
import { AdminHeader } from "./admin-header";
import { ToastProvider } from "./toaster";

export interface AdminPageProps {
  title: string;
  /** The signed-in admin's e-mail, shown in the header. */
  email: string;
  /** The server's one-time toast for this page (after a redirect). */
  flash: Toast | null;
  /** What the page's own action answered when it changed nothing: shown as the toast 'Erro'. */
  failure?: { error: string };
  /** Buttons beside 'Sair' in the header. */
  actions?: ReactNode;
  children: ReactNode;
}

/** Every admin screen: the header, the page, and the toasts (rendered by the server too). */
export function AdminPage({ title, email, flash, failure, actions, children }: AdminPageProps) {
  return (
    <ToastProvider
      initial={failure ? { title: "Erro", description: failure.error, variant: "error" } : flash}
    >
      {/* Room at the end: the floating chat button (on every page) never covers the last buttons. */}
      <div className="container-page flex flex-col gap-8 pt-10 pb-28">
        <AdminHeader title={title} email={email}>
          {actions}
        </AdminHeader>
        {children}
      </div>
    </ToastProvider>
  );
}
