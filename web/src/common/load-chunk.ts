/** Set while a reload for a missing chunk is under way, so that a chunk really gone fails once. */
const RELOADING = 'bari:reloading-for-new-release';

/**
 * Imports a lazily loaded module. After a new release the old chunk names are gone, and a tab
 * opened before it cannot fetch them: the page reloads once, for the new index.html, instead
 * of failing. A second failure right after that reload is an error like any other.
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    const module = await load();
    sessionStorage.removeItem(RELOADING);
    return module;
  } catch (error) {
    if (sessionStorage.getItem(RELOADING) !== null) throw error;
    sessionStorage.setItem(RELOADING, String(Date.now()));
    window.location.reload();
    // The page is going away; never settle.
    return new Promise<T>(() => undefined);
  }
}
