// The words of a thrown value: an Error's message, anything else as a string.
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
