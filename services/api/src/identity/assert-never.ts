/** Ends an exhaustive `switch`: adding a command or event type without handling it fails to compile. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
