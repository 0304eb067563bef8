import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { buttonClassName, Field, Select, TextInput } from "./ui";

export interface ListFiltersProps {
  /** The list's address: the form is a GET to it, so the filters live in the URL. */
  path: string;
  /** The form's accessible name ("Buscar e filtrar posts"). */
  label: string;
  /** The query as applied (its string): a new one remounts the fields with its values. */
  applied: string;
  /** A field of the form narrows the list: the fold starts open and offers 'Limpar filtros'. */
  filtered: boolean;
  /** Where 'Limpar filtros' goes (the list's address unless told). */
  clearHref?: string;
  /** Why the address's filters were refused (the page answered 400), in pt-BR. */
  error: string | null;
  /** Shown in the fold above the form (the inbox's stage links). */
  leading?: ReactNode;
  /** What the folded box says applies besides the form's fields ("Etapa: Novo"). */
  summaryDetail?: string | null;
  children: ReactNode;
}

/**
 * The search and filters above an admin list: a plain GET form (works without JavaScript, the
 * result is a bookmarkable address), which starts again at page 1 whenever it is submitted.
 */
export function ListFilters({
  path,
  label,
  applied,
  filtered,
  clearHref = path,
  error,
  leading,
  summaryDetail,
  children,
}: ListFiltersProps) {
  return (
    <div className="flex flex-col gap-3">
      {/* Folded on a phone, so the list comes first; open when filters apply or were refused.
          On a desktop the fields always show (app.css, .unfold-on-desktop). */}
      <details
        open={filtered || error !== null}
        className="group unfold-on-desktop rounded-xl border border-slate-200 bg-white lg:border-0 lg:bg-transparent dark:border-slate-800 dark:bg-slate-900 lg:dark:bg-transparent"
      >
        <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 font-semibold text-slate-800 dark:text-slate-100">
          Buscar e filtrar{filtered ? " (filtros aplicados)" : ""}
          {summaryDetail ? (
            <span className="font-normal text-slate-600 dark:text-slate-400">· {summaryDetail}</span>
          ) : null}
          <Icon name="chevron-down" className="ml-auto size-5 shrink-0 group-open:rotate-180" />
        </summary>
        {leading ? <div className="px-4 pb-3 lg:px-0">{leading}</div> : null}
        <Form
          key={applied}
          method="get"
          action={path}
          role="search"
          aria-label={label}
          className="grid gap-3 rounded-xl border-slate-200 bg-white p-4 sm:grid-cols-2 lg:border lg:grid-cols-[2fr_repeat(4,1fr)] lg:items-end dark:border-slate-800 dark:bg-slate-900"
        >
          {children}
          <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
            <button type="submit" className={buttonClassName("secondary")}>
              Filtrar
            </button>
            {filtered ? (
              <Link to={clearHref} className={buttonClassName("ghost")}>
                Limpar filtros
              </Link>
            ) : null}
          </div>
        </Form>
      </details>
      {error ? (
        <p
          role="alert"
          className="flex items-start gap-1.5 text-sm font-medium text-red-700 dark:text-red-400"
        >
          <Icon name="alert-circle" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}

export interface DateRangeFieldsProps {
  /** The two fields' labels, as the list words them ("Criado de", "Criado até"). */
  labels: readonly [from: string, to: string];
  /** The applied bounds (yyyy-mm-dd), if any. */
  from: string | null | undefined;
  to: string | null | undefined;
}

/** The "from" and "to" dates of a list's filters: every list reads them as ?de= and ?ate=. */
export function DateRangeFields({ labels: [fromLabel, toLabel], from, to }: DateRangeFieldsProps) {
  return (
    <>
      <Field label={fromLabel}>
        <TextInput type="date" name="de" defaultValue={from ?? ""} />
      </Field>
      <Field label={toLabel}>
        <TextInput type="date" name="ate" defaultValue={to ?? ""} />
      </Field>
    </>
  );
}

export interface FilterSelectProps {
  label: string;
  name: string;
  /** The applied choice; none selects the "all" option. */
  value: string | null | undefined;
  /** The "no filter" option's text ("Todos", "Todas"). */
  allLabel: string;
  options: readonly { value: string; label: string }[];
}

/** A select that narrows a list to one value, or to none with its first, empty option. */
export function FilterSelect({ label, name, value, allLabel, options }: FilterSelectProps) {
  return (
    <Field label={label}>
      <Select name={name} defaultValue={value ?? ""}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
