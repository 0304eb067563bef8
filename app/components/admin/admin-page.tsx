import type { ReactNode } from "react";
import { useAdminShell } from "~/lib/admin-shell";
import { AdminHeader } from "./admin-header";
import { ToastProvider } from "./toaster";

export interface AdminPageProps {
  title: string;
  /** What the page's own action answered when it changed nothing: shown as the toast 'Erro'. */
  failure?: { error: string };
  /** Buttons beside the title. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * Every admin screen inside the shell: its title, the page, and the toasts (rendered by the
 * server too). The flash message and the signed-in e-mail come from the admin layout.
 */
export function AdminPage({ title, failure, actions, children }: AdminPageProps) {
  const { user, flash } = useAdminShell();
  return (
    <ToastProvider
      initial={failure ? { title: "Erro", description: failure.error, variant: "error" } : flash}
    >
      {/* Room at the end: a toast (it stays until closed without JavaScript) never covers the last buttons. */}
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 pt-6 pb-28 sm:px-6 lg:px-8 lg:pt-10">
        <AdminHeader title={title} email={user.email}>
          {actions}
        </AdminHeader>
        {children}
      </div>
    </ToastProvider>
  );
}
