import type { z } from 'zod';
import {
  DISPLAY_NAME_MAX,
  EXPERTISE_MAX,
  commenterProfileInputSchema,
} from '@/domain/community/community.schema';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { refusal, useSchemaForm } from '@/web/lib/form';
import { toast } from '@/web/lib/toast';
import { useSaveCommenterProfile } from '../api/community';

type ProfileInput = z.output<typeof commenterProfileInputSchema>;

/**
 * The name (2–40 characters) and optional expertise line shown with every comment of the member:
 * asked for before their first comment (`first`), changed later from "Edit your discussion name".
 */
export function ProfileDialog({
  open,
  mode,
  message,
  profile,
  onOpenChange,
  onSaved,
  returnFocusTo = null,
}: {
  open: boolean;
  /** The id of the text box whose comment waits for the name: focus goes back there. */
  returnFocusTo?: string | null;
  mode: 'first' | 'edit';
  /** Why it is asked (the server's words for `needs_profile`). */
  message: string | null;
  profile: { displayName: string; expertise: string | null } | null;
  onOpenChange(open: boolean): void;
  onSaved(): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const box = returnFocusTo ? document.getElementById(returnFocusTo) : null;
          if (box) {
            event.preventDefault();
            box.focus();
          }
        }}
        title={mode === 'first' ? 'Choose your discussion name' : 'Edit your discussion name'}
        description={
          mode === 'first'
            ? (message ?? 'Choose the name shown with your comments before you post.')
            : 'Shown with every comment you have posted and will post.'
        }
      >
        <ProfileForm mode={mode} profile={profile} onSaved={onSaved} />
      </DialogContent>
    </Dialog>
  );
}

function ProfileForm({
  mode,
  profile,
  onSaved,
}: {
  mode: 'first' | 'edit';
  profile: { displayName: string; expertise: string | null } | null;
  onSaved(): void;
}) {
  const form = useSchemaForm(commenterProfileInputSchema, {
    displayName: profile?.displayName ?? '',
    expertise: profile?.expertise ?? '',
  });
  const { errors } = form.formState;
  const save = useSaveCommenterProfile();
  const onSubmit = (input: ProfileInput) =>
    save.mutate(input, {
      onSuccess: () => {
        toast.success(mode === 'first' ? `You now comment as ${input.displayName}` : 'Discussion name saved');
        onSaved();
      },
      onError: (error) => {
        form.setError('root', refusal(error));
        toast.error('Your discussion name was not saved', { description: error.message });
      },
    });
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      aria-label="Discussion name"
      onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
    >
      {errors.root && <FormAlert>{errors.root.message}</FormAlert>}
      <Field
        id="commenter-name"
        label="Display name"
        autoComplete="nickname"
        hint={`2 to ${DISPLAY_NAME_MAX} characters. Shown with your comments instead of your account name.`}
        error={errors.displayName?.message}
        {...form.register('displayName')}
      />
      <Field
        id="commenter-expertise"
        label="Expertise (optional)"
        placeholder="e.g. XRPL developer, treasury analyst"
        hint={`Up to ${EXPERTISE_MAX} characters, shown beside your name.`}
        error={errors.expertise?.message}
        {...form.register('expertise')}
      />
      <Button type="submit" disabled={save.isPending} className="self-end">
        {save.isPending ? 'Saving...' : mode === 'first' ? 'Save and post' : 'Save'}
      </Button>
    </form>
  );
}
