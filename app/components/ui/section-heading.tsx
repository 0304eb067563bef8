export interface SectionHeadingProps {
  id?: string;
  eyebrow?: string;
  title: string;
  text?: string;
  align?: "center" | "left";
}

export function SectionHeading({ id, eyebrow, title, text, align = "center" }: SectionHeadingProps) {
  const centered = align === "center";
  return (
    <div
      className={`mb-10 flex flex-col gap-3 ${centered ? "mx-auto max-w-3xl items-center text-center" : ""}`}
    >
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase dark:text-accent-400">
          {eyebrow}
        </p>
      ) : null}
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        {title}
      </h2>
      {text ? <p className="text-lg text-slate-600 dark:text-slate-400">{text}</p> : null}
    </div>
  );
}
