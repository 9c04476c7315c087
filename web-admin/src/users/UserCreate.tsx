import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  InputAdornment,
  TextField as MuiTextField,
  Tooltip,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Create,
  email,
  maxLength,
  minLength,
  PasswordInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useNotify,
  useRedirect,
} from 'react-admin';
import { STAFF_ROLES } from '../../../domain/shared/wire';
import type { AdminStaffCreate, AdminUserRecord } from '../../../domain/user/wire';
import { humanize } from '../components/StatusChip';

const STAFF_ROLE_CHOICES = STAFF_ROLES.map(id => ({ id, name: humanize(id) }));

type Created = AdminUserRecord & { generated_password?: string | null };

/** "New staff account" (POST /admin-api/users, admins only). A generated password is shown once. */
export function UserCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const [created, setCreated] = useState<Created | null>(null);

  const onSuccess = (data: Created) => {
    if (data.generated_password) {
      setCreated(data);
    } else {
      notify('Staff account created.', { type: 'success' });
      redirect('show', 'users', data.id);
    }
  };

  const done = () => {
    const id = created?.id;
    setCreated(null);
    notify('Staff account created.', { type: 'success' });
    if (id !== undefined) redirect('show', 'users', id);
  };

  return (
    <>
      <Create<AdminStaffCreate & { id?: string }>
        title="New staff account"
        redirect={false}
        mutationOptions={{ onSuccess: data => onSuccess(data as unknown as Created) }}
        transform={(values: AdminStaffCreate) => {
          const body: AdminStaffCreate = { name: values.name.trim(), email: values.email.trim(), role: values.role };
          if (values.password) body.password = values.password;
          return body;
        }}
      >
        <SimpleForm defaultValues={{ role: 'support' }} sx={{ maxWidth: 560 }} data-testid="staff-create-form">
          <TextInput source="name" label="Name" validate={[required(), maxLength(100)]} fullWidth />
          <TextInput source="email" label="Email" type="email" validate={[required(), email()]} fullWidth />
          <SelectInput source="role" label="Role" choices={STAFF_ROLE_CHOICES} validate={required()} fullWidth />
          <PasswordInput
            source="password"
            label="Password (optional)"
            helperText="Leave empty to generate one; it is shown once after saving."
            validate={minLength(8)}
            autoComplete="new-password"
            fullWidth
          />
        </SimpleForm>
      </Create>
      <GeneratedPasswordDialog record={created} onClose={done} />
    </>
  );
}

function GeneratedPasswordDialog({ record, onClose }: { record: Created | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const password = record?.generated_password ?? '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog open={record !== null} fullWidth maxWidth="sm" data-testid="generated-password-dialog" aria-labelledby="generated-password-title">
      <DialogTitle id="generated-password-title">Staff account created</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Give this password to {record?.email}. It is shown only this once; they can change it after signing in.
        </DialogContentText>
        <MuiTextField
          fullWidth
          label="Password"
          value={password}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'generated-password', style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={copied ? 'Copied' : 'Copy'}>
                    <IconButton aria-label="Copy password" onClick={() => void copy()} edge="end" data-testid="generated-password-copy">
                      <ContentCopyIcon />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
        {copied ? (
          <Box sx={{ mt: 1 }}>
            <Alert severity="success" data-testid="generated-password-copied">
              Copied to the clipboard.
            </Alert>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="generated-password-done">
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
