/** The page's title, who is signed in, and the page's own buttons (the shell holds the rest). */
export function AdminHeader({
  title,
  email,
  children,
}: {
  title: string;
  email: string;
  children?: React.ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 pb-6 dark:border-slate-800">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
        <p className="text-sm break-words text-slate-600 dark:text-slate-400">Conectado como {email}</p>
      </div>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </header>
  );
}
