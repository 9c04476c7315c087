import { Create, Edit, SimpleForm, TextInput, useNotify, useRedirect } from 'react-admin';
import { TAG_MESSAGES, TAG_NAME_MAX, tagNameProblem } from '../../../domain/feed-tag/feed-tag';

/** The Add/Update Tag modal's rule: required, at most 30 characters; the server checks duplicates. */
const validateName = (value: unknown) => tagNameProblem(String(value ?? '')) ?? undefined;

function TagFields() {
  return (
    <TextInput
      source="name"
      label="Name"
      validate={validateName}
      helperText="Saved in lower case; the slug is the same text."
      slotProps={{ htmlInput: { maxLength: TAG_NAME_MAX, 'data-testid': 'feed-tag-name' } }}
      fullWidth
    />
  );
}

/** Saves, then says the spec's message and returns to the list. */
function useSaved(message: string) {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onSuccess: () => {
      notify(message, { type: 'success' });
      redirect('list', 'feed-tags');
    },
  };
}

export function TagCreate() {
  return (
    <Create title="Create New Tag" mutationOptions={useSaved(TAG_MESSAGES.added)}>
      <SimpleForm>
        <TagFields />
      </SimpleForm>
    </Create>
  );
}

export function TagEdit() {
  return (
    <Edit title="Update Tag" mutationMode="pessimistic" mutationOptions={useSaved(TAG_MESSAGES.updated)}>
      <SimpleForm>
        <TagFields />
      </SimpleForm>
    </Edit>
  );
}
