import { useId, useState } from "react";
import { Icon } from "~/components/ui/icon";
import type { WorkPicture } from "~/server/works/works-admin.server";
import type { MediaPicker } from "./media-picker";
import { Button, labelClassName, TextInput } from "./ui";
import { newKey } from "./work-gallery-field";
import { moveItem, useFocusAfterMove } from "./work-list-order";
import { WorkPictureField } from "./work-picture-field";

// A work's before/after pairs: each a title and two pictures with their alt texts, in order.
// Each pair posts `pairTitle`, `pairBefore`, `pairBeforeAlt`, `pairAfter` and `pairAfterAlt`,
// in order, so the form saves what it shows with or without JavaScript.

export interface BeforeAfterPair {
  key: string;
  title: string;
  before: WorkPicture | null;
  beforeAlt: string;
  after: WorkPicture | null;
  afterAlt: string;
}

export interface WorkPairsFieldProps {
  pairs: BeforeAfterPair[];
  onChange: (pairs: BeforeAfterPair[]) => void;
  picker: MediaPicker;
  enhanced: boolean;
  error?: string;
}

export function WorkPairsField({ pairs, onChange, picker, enhanced, error }: WorkPairsFieldProps) {
  const id = useId();
  const [announcement, setAnnouncement] = useState("");
  const focusAfterMove = useFocusAfterMove();
  const edit = (key: string, change: Partial<BeforeAfterPair>) =>
    onChange(pairs.map((pair) => (pair.key === key ? { ...pair, ...change } : pair)));

  function add() {
    const key = newKey("par");
    onChange([...pairs, { key, title: "", before: null, beforeAlt: "", after: null, afterAlt: "" }]);
    setAnnouncement(`Par ${pairs.length + 1} adicionado. Escolha as fotos de antes e depois.`);
    requestAnimationFrame(() => document.getElementById(`${id}-${key}-title`)?.focus());
  }

  function move(index: number, direction: "up" | "down") {
    const moved = moveItem(pairs, index, direction);
    if (!moved) return;
    onChange(moved.list);
    setAnnouncement(`Par movido para a posição ${moved.to + 1} de ${pairs.length}.`);
    const key = pairs[index]?.key;
    focusAfterMove(`${id}-${key}-${direction}`, `${id}-${key}-${direction === "up" ? "down" : "up"}`);
  }

  function remove(index: number) {
    onChange(pairs.filter((_, at) => at !== index));
    setAnnouncement(`Par ${index + 1} removido.`);
  }

  return (
    <fieldset
      aria-describedby={error ? `${id}-error` : undefined}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <legend className={`${labelClassName} px-1`}>Antes e depois</legend>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Opcional: pares de fotos do mesmo ponto, antes e depois da obra, mostrados lado a lado.
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {pairs.length > 0 ? (
        <ol aria-label="Pares de antes e depois" className="flex flex-col gap-3">
          {pairs.map((pair, index) => {
            const n = index + 1;
            return (
              <li
                key={pair.key}
                className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold text-slate-900 dark:text-white">Par {n}</p>
                  {enhanced ? (
                    <div className="flex flex-wrap gap-1">
                      <Button
                        id={`${id}-${pair.key}-up`}
                        variant="secondary"
                        size="sm"
                        disabled={index === 0}
                        onClick={() => move(index, "up")}
                        aria-label={`Subir par ${n}`}
                        icon={<Icon name="chevron-down" className="size-4 rotate-180" />}
                      >
                        Subir
                      </Button>
                      <Button
                        id={`${id}-${pair.key}-down`}
                        variant="secondary"
                        size="sm"
                        disabled={index === pairs.length - 1}
                        onClick={() => move(index, "down")}
                        aria-label={`Descer par ${n}`}
                        icon={<Icon name="chevron-down" className="size-4" />}
                      >
                        Descer
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => remove(index)}
                        aria-label={`Remover par ${n}`}
                        icon={<Icon name="x" className="size-4" />}
                      >
                        Remover
                      </Button>
                    </div>
                  ) : null}
                </div>
                <label htmlFor={`${id}-${pair.key}-title`} className={labelClassName}>
                  Título do par {n}
                </label>
                <TextInput
                  id={`${id}-${pair.key}-title`}
                  name="pairTitle"
                  value={pair.title}
                  maxLength={120}
                  onChange={(event) => edit(pair.key, { title: event.currentTarget.value })}
                />
                <div className="grid gap-4 lg:grid-cols-2">
                  {(["before", "after"] as const).map((side) => {
                    const sideLabel = side === "before" ? "Antes" : "Depois";
                    const altKey = side === "before" ? "beforeAlt" : "afterAlt";
                    return (
                      <div key={side} className="flex flex-col gap-2">
                        <p className="text-sm font-semibold text-slate-800 dark:text-slate-200">
                          {sideLabel}
                        </p>
                        <WorkPictureField
                          name={side === "before" ? "pairBefore" : "pairAfter"}
                          label={`Foto de ${sideLabel.toLowerCase()} do par ${n}`}
                          value={pair[side]}
                          onChange={(picture) =>
                            edit(pair.key, {
                              [side]: picture,
                              // A newly chosen picture brings its library alt text, unless one was typed.
                              ...(picture && !pair[altKey] ? { [altKey]: picture.alt } : {}),
                            })
                          }
                          picker={picker}
                          enhanced={enhanced}
                          removable={false}
                        />
                        <label htmlFor={`${id}-${pair.key}-${side}-alt`} className={labelClassName}>
                          Texto alternativo ({sideLabel.toLowerCase()}) do par {n}
                        </label>
                        <TextInput
                          id={`${id}-${pair.key}-${side}-alt`}
                          name={side === "before" ? "pairBeforeAlt" : "pairAfterAlt"}
                          value={pair[altKey]}
                          maxLength={300}
                          onChange={(event) => edit(pair.key, { [altKey]: event.currentTarget.value })}
                        />
                      </div>
                    );
                  })}
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Nenhum par de antes e depois.</p>
      )}
      {enhanced ? (
        <div>
          <Button variant="secondary" onClick={add} icon={<Icon name="layers" className="size-4" />}>
            Adicionar par de antes e depois
          </Button>
        </div>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
