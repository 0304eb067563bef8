import { useCallback } from "react";
import { Icon } from "~/components/ui/icon";
import { Button } from "./ui";

// Moving and removing the items of an editor's list (a work's photos or pairs) with "Subir",
// "Descer" and "Remover" buttons, announcing each change and keeping the keyboard focus on the
// moved item so the owner can press the button again.

export type MoveDirection = "up" | "down";

/** The list with the item at `index` moved a place; null when it cannot move that way. */
export function moveItem<T>(list: readonly T[], index: number, direction: MoveDirection) {
  const to = direction === "up" ? index - 1 : index + 1;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return null;
  const moved = [...list];
  [moved[index], moved[to]] = [moved[to] as T, moved[index] as T];
  return { list: moved, to };
}

/**
 * After React re-renders the moved item, focus its button with id `preferred` (the one just
 * pressed), or `fallback` when that one became disabled (the item reached an end of the list).
 */
export function useFocusAfterMove() {
  return useCallback((preferred: string, fallback: string) => {
    requestAnimationFrame(() => {
      const button = document.getElementById(preferred) as HTMLButtonElement | null;
      const target = button && !button.disabled ? button : document.getElementById(fallback);
      target?.focus();
    });
  }, []);
}

export interface ListEditing<T> {
  list: readonly T[];
  onChange: (list: T[]) => void;
  /** Said to screen readers after a change. */
  announce: (message: string) => void;
  /** The id prefix of an item's buttons (`<prefix>-up`, `<prefix>-down`). */
  buttonsId: (item: T) => string;
  /** "Foto movida para a posição 2 de 3." */
  movedMessage: (position: number, count: number) => string;
  /** "Foto 2 removida da galeria." */
  removedMessage: (position: number) => string;
}

/** Move an item a place (announced, focus kept on it) or remove it (announced). */
export function useListEditing<T>({
  list,
  onChange,
  announce,
  buttonsId,
  movedMessage,
  removedMessage,
}: ListEditing<T>) {
  const focusAfterMove = useFocusAfterMove();
  function move(index: number, direction: MoveDirection) {
    const moved = moveItem(list, index, direction);
    const item = list[index];
    if (!moved || item === undefined) return;
    onChange(moved.list);
    announce(movedMessage(moved.to + 1, list.length));
    const prefix = buttonsId(item);
    focusAfterMove(`${prefix}-${direction}`, `${prefix}-${direction === "up" ? "down" : "up"}`);
  }
  function remove(index: number) {
    onChange(list.filter((_, at) => at !== index));
    announce(removedMessage(index + 1));
  }
  return { move, remove };
}

export interface ListItemButtonsProps {
  /** Prefix of the move buttons' ids, as `buttonsId` gives it. */
  id: string;
  index: number;
  count: number;
  /** What the item is called ("foto 2"): the buttons are "Subir foto 2", "Descer foto 2"… */
  name: string;
  onMove: (direction: MoveDirection) => void;
  onRemove: () => void;
  className?: string;
}

/** "Subir", "Descer" (disabled at the ends) and "Remover" for one item of a list. */
export function ListItemButtons({
  id,
  index,
  count,
  name,
  onMove,
  onRemove,
  className,
}: ListItemButtonsProps) {
  return (
    <div className={className}>
      <Button
        id={`${id}-up`}
        variant="secondary"
        size="sm"
        disabled={index === 0}
        onClick={() => onMove("up")}
        aria-label={`Subir ${name}`}
        icon={<Icon name="chevron-down" className="size-4 rotate-180" />}
      >
        Subir
      </Button>
      <Button
        id={`${id}-down`}
        variant="secondary"
        size="sm"
        disabled={index === count - 1}
        onClick={() => onMove("down")}
        aria-label={`Descer ${name}`}
        icon={<Icon name="chevron-down" className="size-4" />}
      >
        Descer
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={onRemove}
        aria-label={`Remover ${name}`}
        icon={<Icon name="x" className="size-4" />}
      >
        Remover
      </Button>
    </div>
  );
}
