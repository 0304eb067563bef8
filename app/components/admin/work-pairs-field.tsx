import { type Dispatch, type SetStateAction, useId, useState } from "react";
import { Icon } from "~/components/ui/icon";
import type { WorkPicture } from "~/server/works/index.server";
import type { MediaPicker } from "./media-picker";
import { Button, Field, labelClassName, TextInput } from "./ui";
import { INVALID_GROUP } from "./use-focus-first-invalid";
import { newKey } from "./work-gallery-field";
import { ListItemButtons, useListEditing } from "./work-list-order";
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
  /** The form's state setter: an upload that ends later changes the pairs as they are then. */
  onChange: Dispatch<SetStateAction<BeforeAfterPair[]>>;
  picker: MediaPicker;
  enhanced: boolean;
  /** The pairs' own message (shown above them). */
  error?: string;
  /** Each pair's fields' messages, by the pair's key and the field's name ("par-0:pairAfterAlt"). */
  itemErrors?: Partial<Record<string, string>>;
}

export function WorkPairsField({
  pairs,
  onChange,
  picker,
  enhanced,
  error,
  itemErrors = {},
}: WorkPairsFieldProps) {
  const id = useId();
  const [announcement, setAnnouncement] = useState("");
  // From the pairs as they are when the change lands: a picture's upload ends after other edits
  // (the other side's upload, a title typed meanwhile), which it must not undo.
  const edit = (key: string, change: (pair: BeforeAfterPair) => Partial<BeforeAfterPair>) =>
    onChange((latest) => latest.map((pair) => (pair.key === key ? { ...pair, ...change(pair) } : pair)));

  function add() {
    const key = newKey("par");
    onChange([...pairs, { key, title: "", before: null, beforeAlt: "", after: null, afterAlt: "" }]);
    setAnnouncement(`Par ${pairs.length + 1} adicionado. Escolha as fotos de antes e depois.`);
    requestAnimationFrame(() => document.getElementById(`${id}-${key}-title`)?.focus());
  }

  const { move, remove } = useListEditing({
    list: pairs,
    onChange,
    announce: setAnnouncement,
    buttonsId: (pair) => `${id}-${pair.key}`,
    movedMessage: (position, count) => `Par movido para a posição ${position} de ${count}.`,
    removedMessage: (position) => `Par ${position} removido.`,
  });

  return (
    <fieldset
      aria-describedby={error ? `${id}-error` : undefined}
      {...(error ? INVALID_GROUP : {})}
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
                    <ListItemButtons
                      id={`${id}-${pair.key}`}
                      index={index}
                      count={pairs.length}
                      name={`par ${n}`}
                      onMove={(direction) => move(index, direction)}
                      onRemove={() => remove(index)}
                      className="flex flex-wrap gap-1"
                    />
                  ) : null}
                </div>
                <Field
                  label={`Título do par ${n}`}
                  id={`${id}-${pair.key}-title`}
                  error={itemErrors[`${pair.key}:pairTitle`]}
                >
                  <TextInput
                    name="pairTitle"
                    value={pair.title}
                    maxLength={120}
                    onChange={(event) => {
                      const title = event.currentTarget.value;
                      edit(pair.key, () => ({ title }));
                    }}
                  />
                </Field>
                <div className="grid gap-4 lg:grid-cols-2">
                  {(["before", "after"] as const).map((side) => {
                    const sideLabel = side === "before" ? "Antes" : "Depois";
                    const altKey = side === "before" ? "beforeAlt" : "afterAlt";
                    const input = side === "before" ? "pairBefore" : "pairAfter";
                    return (
                      <div key={side} className="flex flex-col gap-2">
                        <p className="text-sm font-semibold text-slate-800 dark:text-slate-200">
                          {sideLabel}
                        </p>
                        <WorkPictureField
                          name={input}
                          label={`Foto de ${sideLabel.toLowerCase()} do par ${n}`}
                          required
                          error={itemErrors[`${pair.key}:${input}`]}
                          value={pair[side]}
                          onChange={(picture) =>
                            edit(pair.key, (latest) => ({
                              [side]: picture,
                              // A newly chosen picture brings its library alt text, unless one was typed.
                              ...(picture && !latest[altKey] ? { [altKey]: picture.alt } : {}),
                            }))
                          }
                          picker={picker}
                          enhanced={enhanced}
                          removable={false}
                        />
                        <Field
                          label={`Texto alternativo (${sideLabel.toLowerCase()}) do par ${n}`}
                          id={`${id}-${pair.key}-${side}-alt`}
                          error={itemErrors[`${pair.key}:${input}Alt`]}
                        >
                          <TextInput
                            name={`${input}Alt`}
                            value={pair[altKey]}
                            maxLength={300}
                            onChange={(event) => {
                              const alt = event.currentTarget.value;
                              edit(pair.key, () => ({ [altKey]: alt }));
                            }}
                          />
                        </Field>
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
