import { useCallback } from "react";

// Moving an item of an editor's list (a work's photos or pairs) with "Subir"/"Descer" buttons,
// and keeping the keyboard focus on the moved item so the owner can press the button again.

/** The list with the item at `index` moved a place; null when it cannot move that way. */
export function moveItem<T>(list: readonly T[], index: number, direction: "up" | "down") {
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
