/** Ends an exhaustive `switch`: a command or event type left unhandled fails to compile. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
