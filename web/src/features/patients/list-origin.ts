/** The patient list, where a patient page goes back to by default (§2). */
export const PATIENT_LIST_PATH = '/patients';

/** Navigation state a link from the list gives the patient page: the list address it came from. */
export interface ListOriginState {
  from: string;
}

/** The state a link to a patient page carries from the list at `pathname` + `search`. */
export function listOriginState(pathname: string, search: string): ListOriginState {
  return { from: `${pathname}${search}` };
}

/**
 * Where the patient page's 'Voltar' goes: the list address (search, filter, page) the user
 * came from, or the plain list. Only a list address is taken from the state.
 */
export function listOrigin(state: unknown): string {
  const from =
    typeof state === 'object' && state !== null ? (state as Record<string, unknown>).from : undefined;
  return typeof from === 'string' && /^\/patients\/?(\?|$)/.test(from) ? from : PATIENT_LIST_PATH;
}
