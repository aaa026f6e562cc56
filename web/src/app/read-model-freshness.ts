/**
 * Whether the last write was answered before the read models caught up with it (the server's
 * `X-Read-Models-Stale: true`). Lists and counts shown meanwhile may miss that write, so the
 * layout says so until a later write comes back fresh or the notice times out. Meanwhile what
 * is shown is read again every few seconds (`onRefresh`), and once more as the notice ends: the
 * reads that followed the write came from read models still behind it, and nothing else would
 * read them again (a page would show an exam just ticked as pending, for minutes).
 */
export const STALE_READ_MODELS_HEADER = 'X-Read-Models-Stale';
const NOTICE_MS = 30_000;
const REFRESH_MS = 5_000;

type Listener = () => void;
const listeners = new Set<Listener>();
const refreshListeners = new Set<Listener>();
let stale = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let refreshTimer: ReturnType<typeof setInterval> | undefined;

const refresh = (): void => {
  for (const listener of refreshListeners) listener();
};

function set(next: boolean): void {
  clearTimeout(timer);
  clearInterval(refreshTimer);
  if (next) {
    timer = setTimeout(() => {
      refresh();
      set(false);
    }, NOTICE_MS);
    refreshTimer = setInterval(refresh, REFRESH_MS);
  }
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
  /** `listener` runs each time what is shown should be read again while the data is flagged. */
  onRefresh(listener: Listener): () => void {
    refreshListeners.add(listener);
    return () => refreshListeners.delete(listener);
  },
  dismiss: (): void => set(false),
};
