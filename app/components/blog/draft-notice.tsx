/** Tells the reader of a preview that the page is not (yet) public. */
export function DraftNotice({ children }: { children: string }) {
  return (
    <p
      role="note"
      className="bg-amber-100 px-4 py-3 text-center text-sm font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200"
    >
      {children}
    </p>
  );
}
