import { useCallback, useEffect } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import {
  Create,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
  useRedirect,
  useSaveContext,
} from 'react-admin';
import type { PostFormValues } from '../dataProvider';
import { useSettings } from '../settings';
import { uploadProgress } from '../upload';
import { MediaInput } from './MediaInput';
import { amountBounds, AMOUNT_INPUT_MAX, AMOUNT_INPUT_MIN, DEFAULT_AMOUNT, validatePost } from './rules';

const DEFAULTS: PostFormValues = { caption: '', visibility: 'locked', amount: DEFAULT_AMOUNT, media: [] };

export function PostCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const { settings, refresh } = useSettings();

  // Re-read the settings so the visibility options and price bounds are current.
  useEffect(() => {
    refresh().catch(() => undefined);
  }, [refresh]);

  const validate = useCallback((values: Record<string, unknown>) => validatePost(values as unknown as PostFormValues, settings), [settings]);

  return (
    <Create
      title="New post"
      resource="posts"
      mutationOptions={{
        onSuccess: () => {
          uploadProgress.clear();
          notify('Content posted successfully.', { type: 'success' });
          redirect('list', 'posts');
        },
        onError: (error: unknown) => {
          const message = (error as Error)?.message || 'There was a problem in content post.';
          notify(message, { type: 'error', messageArgs: { _: message } });
        },
      }}
    >
      <SimpleForm
        defaultValues={DEFAULTS}
        validate={validate}
        toolbar={<ComposerToolbar />}
        sx={{ maxWidth: 900 }}
      >
        <ComposerFields />
      </SimpleForm>
    </Create>
  );
}

function ComposerToolbar() {
  const { saving } = useSaveContext();
  const busy = Boolean(saving);
  return (
    <Toolbar>
      {/* Enabled on a pristine form too, so that an empty composer answers with the spec's messages. */}
      <SaveButton alwaysEnable={!busy} disabled={busy} />
    </Toolbar>
  );
}

function ComposerFields() {
  const { settings } = useSettings();
  const { saving } = useSaveContext();
  const disabled = Boolean(saving);
  const { min, max } = amountBounds(settings);

  const choices = [
    { id: 'locked', name: 'Locked' },
    { id: 'private', name: 'Private' },
    ...(settings.enable_public_post ? [{ id: 'public', name: 'Public' }] : []),
  ];

  const help: Record<string, string> = {
    locked: 'Fans pay to unlock this post.',
    private: 'Free for subscribers.',
    public: 'Everyone can see this post.',
  };

  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        New post
      </Typography>
      <TextInput
        source="caption"
        label="Caption"
        multiline
        minRows={3}
        disabled={disabled}
        helperText="Required for galleries (more than one photo or video)."
      />
      <FormDataConsumer<PostFormValues>>
        {({ formData }) => (
          <>
            <RadioButtonGroupInput
              source="visibility"
              label="Visibility"
              choices={choices}
              row
              disabled={disabled}
              helperText={help[formData.visibility] ?? false}
            />
            {formData.visibility === 'locked' ? (
              <NumberInput
                source="amount"
                label="Amount"
                min={AMOUNT_INPUT_MIN}
                max={AMOUNT_INPUT_MAX}
                step={1}
                disabled={disabled}
                helperText={`Whole dollars, between ${min} and ${max}.`}
                sx={{ maxWidth: 240 }}
              />
            ) : null}
          </>
        )}
      </FormDataConsumer>
      <MediaInput source="media" disabled={disabled} />
      {disabled ? (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="uploading">
          Uploading… keep this page open until the post is saved.
        </Alert>
      ) : null}
    </Box>
  );
}
