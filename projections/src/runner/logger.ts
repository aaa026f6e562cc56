/**
 * The few logging calls the runner makes. A pino logger fits as is
 * (`logger.info({ projection }, 'message')`).
 */
export interface ProjectionLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** One JSON line per entry on stdout/stderr, shaped like pino's, for the projector process. */
export function createJsonLogger(base: object = {}): ProjectionLogger {
  const write =
    (level: number, stream: NodeJS.WritableStream) =>
    (fields: object, message: string): void => {
      const entry = { level, time: Date.now(), ...base, ...serialise(fields), msg: message };
      stream.write(`${JSON.stringify(entry, bigintAsText)}\n`);
    };
  return {
    info: write(30, process.stdout),
    warn: write(40, process.stderr),
    error: write(50, process.stderr),
  };
}

export const silentLogger: ProjectionLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

function serialise(fields: object): object {
  const copy: Record<string, unknown> = { ...fields };
  for (const [key, value] of Object.entries(copy)) {
    if (value instanceof Error) copy[key] = { type: value.name, message: value.message, stack: value.stack };
  }
  return copy;
}

function bigintAsText(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}
