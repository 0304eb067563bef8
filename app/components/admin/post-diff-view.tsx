import { useId } from "react";
import type { DiffPart, PostDiff, TextDiff } from "~/server/posts/index.server";

// The two kinds of change are told apart by more than colour: struck-through or underlined,
// and a hidden word for screen readers, which announce neither <del> nor <ins> by default.
function Part({ part }: { part: DiffPart }) {
  if (part.kind === "added") {
    return (
      <ins className="rounded-sm bg-emerald-100 text-emerald-900 underline decoration-2 dark:bg-emerald-950 dark:text-emerald-100">
        <span className="sr-only">[adicionado: </span>
        {part.text}
        <span className="sr-only">]</span>
      </ins>
    );
  }
  if (part.kind === "removed") {
    return (
      <del className="rounded-sm bg-red-100 text-red-900 line-through decoration-2 dark:bg-red-950 dark:text-red-100">
        <span className="sr-only">[removido: </span>
        {part.text}
        <span className="sr-only">]</span>
      </del>
    );
  }
  return <>{part.text}</>;
}

type Heading = "h3" | "h4";

/** One text's diff, a region named after the field (screen readers can jump between them). */
function TextDiffView({ text, heading: Heading }: { text: TextDiff; heading: Heading }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <Heading id={id} className="text-sm font-semibold text-slate-800 dark:text-slate-200">
        {text.label}
      </Heading>
      {text.changed ? null : <p className="text-xs text-slate-600 dark:text-slate-400">Sem alterações.</p>}
      <p className="whitespace-pre-wrap rounded-lg border border-slate-200 bg-white p-3 text-sm leading-relaxed text-slate-800 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-200">
        {text.parts.map((part, index) => (
          // The parts never move: their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Part key={index} part={part} />
        ))}
      </p>
    </section>
  );
}

/** What changed between two versions of a post: word diffs of its texts, then other fields. */
export function PostDiffView({ diff, headingLevel = 3 }: { diff: PostDiff; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <div className="flex flex-col gap-5">
      {diff.texts.map((text) => (
        <TextDiffView key={text.label} text={text} heading={Heading} />
      ))}
      {diff.fields.length ? (
        <section className="flex flex-col gap-2">
          <Heading className="text-sm font-semibold text-slate-800 dark:text-slate-200">
            Outros campos
          </Heading>
          <dl className="grid gap-x-4 gap-y-1 text-sm text-slate-800 sm:grid-cols-[auto_1fr] dark:text-slate-200">
            {diff.fields.map((field) => (
              <div key={field.label} className="contents">
                <dt className="font-semibold">{field.label}</dt>
                <dd className="break-all">
                  <Part part={{ kind: "removed", text: field.from }} /> →{" "}
                  <Part part={{ kind: "added", text: field.to }} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </div>
  );
}
