/**
 * The editable table's number inputs (spec 000 §5): while typing only an optional leading minus, digits
 * and one decimal point are accepted; any other keystroke reverts to the previous text. On blur a valid
 * number becomes a number and anything else is cleared.
 */
const TYPING = /^-?\d*\.?\d*$/;
const COMPLETE = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** The text to keep after an edit from `previous` to `next`. */
export function acceptNumberKeystroke(previous: string, next: string): string {
  return TYPING.test(next) ? next : previous;
}

/** The value to store when the input loses focus: a number, or '' for text that is no number. */
export function numberOnBlur(text: string): number | '' {
  const trimmed = text.trim();
  if (!COMPLETE.test(trimmed)) return '';
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : '';
}
