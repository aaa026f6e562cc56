import {
  CreateAccessKeyRequestSchema,
  identityErrorMessages,
  type CreateAccessKeyRequest,
  type CreatedAccessKey,
} from '@bari/contracts';
import { DialogBody, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { createRetryKey } from '../../app/retry-key.ts';
import { messageOrFallback } from '../../app/http-client.ts';
import { showFailureToast } from '../../app/failure-toast.ts';
import { showToast } from '../../app/toaster.tsx';
import { useFocusAfterSubmit } from '../../common/focus/use-focus-after-submit.ts';
import { FormDialogFooter } from '../../common/form-dialog-footer.tsx';
import { TextField } from '../../common/text-field.tsx';
import { useCreateAccessKeyMutation } from './access-keys-api.ts';
import { isPastExpiry } from './access-key-format.ts';
import { ExpiryField } from './expiry-field.tsx';
import { accessKeysMessages as m } from './messages.ts';
import { UserSelectField } from './user-select-field.tsx';

/** What the dialog around the form needs to know to close it safely. */
export interface NewKeyFormState {
  busy: boolean;
  dirty: boolean;
}

export interface NewKeyFormProps {
  onCreated: (key: CreatedAccessKey) => void;
  onCancel: () => void;
  onStateChange: (state: NewKeyFormState) => void;
}

/** Description (required, §5), optional expiry, optional user to bind the key to. */
export function NewKeyForm({ onCreated, onCancel, onStateChange }: NewKeyFormProps) {
  const [createAccessKey] = useCreateAccessKeyMutation();
  // The same press sent again after a lost answer issues no second key nobody saw.
  const [retryKey] = useState(() => createRetryKey());
  const {
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(CreateAccessKeyRequestSchema),
    defaultValues: { description: '', expiresAt: '', userId: '' },
  });

  useEffect(
    () => onStateChange({ busy: isSubmitting, dirty: isDirty }),
    [isSubmitting, isDirty, onStateChange],
  );

  const focusAfterSubmit = useFocusAfterSubmit(isSubmitting, setFocus);

  const onSubmit = async (values: CreateAccessKeyRequest) => {
    // Marked on the field as typed; the server would refuse it too, with the same words.
    if (isPastExpiry(values.expiresAt, new Date())) {
      setError('expiresAt', { message: identityErrorMessages.accessKeyExpiryInPast });
      focusAfterSubmit('expiresAt');
      return;
    }
    try {
      const created = await createAccessKey({
        request: values,
        idempotencyKey: retryKey.keyFor(values),
      }).unwrap();
      retryKey.written();
      showToast({ title: m.createdTitle, description: m.createdWarning, intent: Intent.SUCCESS });
      onCreated(created);
    } catch (error) {
      showFailureToast(error, { title: m.errorTitle, description: messageOrFallback(error, m.createFailed) });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <DialogBody>
        <TextField
          autoFocus
          control={control}
          disabled={isSubmitting}
          id="access-key-description"
          label={m.descriptionLabel}
          name="description"
          placeholder={m.descriptionPlaceholder}
        />
        <ExpiryField control={control} disabled={isSubmitting} name="expiresAt" />
        <UserSelectField control={control} disabled={isSubmitting} name="userId" />
      </DialogBody>
      <FormDialogFooter
        busy={isSubmitting}
        onCancel={onCancel}
        submit={{ icon: IconNames.KEY, loading: isSubmitting, text: m.create }}
      />
    </form>
  );
}
