import { CreateUserRequestSchema, type CreateUserRequest } from '@bari/contracts';
import { Callout, DialogBody, Intent, Switch } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { hasCode, messageOrFallback } from '../../app/http-client.ts';
import { showFailureToast } from '../../app/failure-toast.ts';
import { showToast } from '../../app/toaster.tsx';
import { useFocusAfterSubmit } from '../../common/focus/use-focus-after-submit.ts';
import { FormDialog } from '../../common/form-dialog.tsx';
import { FormDialogFooter } from '../../common/form-dialog-footer.tsx';
import { TextField } from '../../common/text-field.tsx';
import { usersMessages as m } from './messages.ts';
import { useCreateUserMutation } from './users-api.ts';

/** 'Adicionar Usuário' (§2 Users, §5): created approved by the server. Mounted only while open. */
export function AddUserDialog({ onClose }: { onClose: () => void }) {
  const [createUser] = useCreateUserMutation();
  const {
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(CreateUserRequestSchema),
    defaultValues: { firstName: '', lastName: '', email: '', isAdmin: false },
  });

  // The focus goes back into the form once it is enabled again (Escape then did nothing).
  const refocus = useFocusAfterSubmit(isSubmitting, setFocus);

  const onSubmit = async (values: CreateUserRequest) => {
    try {
      await createUser(values).unwrap();
      showToast({ title: m.userCreated, description: values.email, intent: Intent.SUCCESS });
      onClose();
    } catch (error) {
      // The email refused shows under it, as the form's own checks do.
      if (hasCode(error, 'EMAIL_ALREADY_REGISTERED')) {
        setError('email', { message: messageOrFallback(error, m.createFailed) });
        refocus('email');
        return;
      }
      showFailureToast(error, { title: m.errorTitle, description: messageOrFallback(error, m.createFailed) });
      refocus('firstName');
    }
  };

  return (
    <FormDialog
      busy={isSubmitting}
      dirty={isDirty}
      icon={IconNames.NEW_PERSON}
      onClose={onClose}
      title={m.addUser}
    >
      {(requestClose) => (
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <DialogBody>
            <Callout className="add-user-dialog__hint" icon={IconNames.INFO_SIGN} intent={Intent.PRIMARY}>
              {m.addUserHelper}
            </Callout>
            <div className="add-user-dialog__names">
              <TextField
                autoFocus
                control={control}
                disabled={isSubmitting}
                id="user-first-name"
                label={m.firstNameLabel}
                name="firstName"
              />
              <TextField
                control={control}
                disabled={isSubmitting}
                id="user-last-name"
                label={m.lastNameLabel}
                name="lastName"
              />
            </div>
            <TextField
              control={control}
              disabled={isSubmitting}
              id="user-email"
              label={m.emailLabel}
              name="email"
              type="email"
            />
            <Controller
              control={control}
              name="isAdmin"
              render={({ field }) => (
                <Switch
                  checked={field.value ?? false}
                  disabled={isSubmitting}
                  inputRef={field.ref}
                  label={m.isAdminLabel}
                  name={field.name}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                />
              )}
            />
          </DialogBody>
          <FormDialogFooter
            busy={isSubmitting}
            onCancel={requestClose}
            submit={{ icon: IconNames.NEW_PERSON, loading: isSubmitting, text: m.addUser }}
          />
        </form>
      )}
    </FormDialog>
  );
}
