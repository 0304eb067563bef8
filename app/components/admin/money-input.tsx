import type { FormEvent } from "react";
import { formatMoneyTyping } from "~/lib/money";
import { TextInput, type TextInputProps } from "./ui";

/**
 * A value in reais. Without JavaScript it is a plain text field the server reads however it was
 * typed ("R$ 12.500,00", "12500", "12.500,5"). With it, the reais are grouped by thousands as
 * they are typed. The field stays uncontrolled (the browser owns its value; React never
 * re-renders on a keystroke), and the caret keeps its place among the digits.
 */
export function MoneyInput(props: Omit<TextInputProps, "type" | "inputMode" | "onInput">) {
  const reformat = (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const typed = input.value;
    const shown = formatMoneyTyping(typed);
    if (shown === typed) return;
    // Where the caret is, counted in digits and commas (what formatting keeps).
    const caret = input.selectionStart ?? typed.length;
    const kept = typed.slice(0, caret).replace(/[^\d,]/g, "").length;
    input.value = shown;
    let position = 0;
    for (let seen = 0; position < shown.length && seen < kept; position++) {
      if (/[\d,]/.test(shown[position] ?? "")) seen++;
    }
    input.setSelectionRange(position, position);
  };
  return <TextInput {...props} type="text" inputMode="decimal" autoComplete="off" onInput={reformat} />;
}
