/**
 * Whether the last write was answered before the read models caught up with it (the server's
 * `X-Read-Models-Stale: true`). Lists and counts shown meanwhile may miss that write, so the
 * layout says so until a later write comes back fresh or the notice times out (by then the
 * projector has normally caught up and the invalidated queries refetched).
 */
export const STALE_READ_MODELS_HEADER = 'X-Read-Models-Stale';
const NOTICE_MS = 30_000;

type Listener = () => void;
const listeners = new Set<Listener>();
let stale = false;
let timer: ReturnType<typeof setTimeout> | undefined;

function set(next: boolean): void {
  clearTimeout(timer);
  if (next) timer = setTimeout(() => set(false), NOTICE_MS);
  if (stale === next) return;
  stale = next;
  for (const listener of listeners) listener();
}

/** Called with every successful write's answer. */
export function noteWriteAnswer(headers: Pick<Headers, 'get'>): void {
  set(headers.get(STALE_READ_MODELS_HEADER) === 'true');
}

export const readModelFreshness = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isStale: (): boolean => stale,
  dismiss: (): void => set(false),
};
