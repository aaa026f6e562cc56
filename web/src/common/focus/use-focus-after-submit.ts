import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A form's fields are disabled while it is sent, which drops the focus, and a field cannot be
 * focused until it is enabled again: the field named here (the one a refusal is about) takes
 * the focus once the submission is over, or at once when it already is. Answers the setter to
 * call from the submit handler. `focus` is react-hook-form's `setFocus`, or any way to reach
 * a field by its name.
 */
export function useFocusAfterSubmit<Field>(
  isSubmitting: boolean,
  focus: (field: Field) => void,
): (field: Field | null) => void {
  // A new object per request, so that naming the same field twice focuses it twice.
  const [request, setRequest] = useState<{ readonly field: Field } | null>(null);
  const handled = useRef<typeof request>(null);
  useEffect(() => {
    if (isSubmitting || request === null || handled.current === request) return;
    handled.current = request;
    focus(request.field);
  }, [isSubmitting, request, focus]);
  return useCallback((field) => setRequest(field === null ? null : { field }), []);
}
