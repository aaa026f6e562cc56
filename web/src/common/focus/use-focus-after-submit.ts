import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldPath, FieldValues, UseFormSetFocus } from 'react-hook-form';

/**
 * A form's fields are disabled while it is sent, which drops the focus, and a field cannot be
 * focused until it is enabled again: the field named here (the one a refusal is about) takes
 * the focus once the submission is over, or at once when it already is. Answers the setter to
 * call from the submit handler.
 */
export function useFocusAfterSubmit<Values extends FieldValues>(
  isSubmitting: boolean,
  setFocus: UseFormSetFocus<Values>,
): (field: FieldPath<Values> | null) => void {
  // A new object per request, so that naming the same field twice focuses it twice.
  const [request, setRequest] = useState<{ readonly field: FieldPath<Values> } | null>(null);
  const handled = useRef<typeof request>(null);
  useEffect(() => {
    if (isSubmitting || request === null || handled.current === request) return;
    handled.current = request;
    setFocus(request.field);
  }, [isSubmitting, request, setFocus]);
  return useCallback((field) => setRequest(field === null ? null : { field }), []);
}
