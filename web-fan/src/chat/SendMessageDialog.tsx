// The Send Message modal (its text must not be empty; placeholder "Type a message"), opened from the home feed's chat card (ChatWithCreatorCard): a quick message to
// the creator without leaving the feed. Pay-per-message terms are read when it opens and shown on the button, so
// sending from here accepts the price shown (a changed price is asked again, never charged unseen). After sending
// the fan is taken to the conversation, where the message and the creator's answer show.
import { useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { PayPerMessageStatus } from '../../../domain/chat/wire';
import { chatTextProblem } from '../../../domain/chat/chat-message';
import { formatMoney } from '../../../domain/shared/money';
import { IdempotentAction, uuid } from '../api';
import { useAuth, useModelName } from '../auth';
import { useNotify } from '../notify';
import { chatApi, type SendTextBody } from './chatApi';
import { CHAT_TEXT_MAX, interpretSendError, payPerMessageAlert } from './chatRules';

/** The modal's own text for an empty message (the input bar says "Message can't be empty"). */
export const TYPE_A_MESSAGE = 'Type a message';
export const MESSAGE_SENT = 'Message sent.';

/** The modal's check: 'Type a message' when blank, else the shared length rule. */
export const modalTextError = (text: string): string | null => (!text.trim() ? TYPE_A_MESSAGE : chatTextProblem(text, false));

/** The pay-per-message terms a message sent from the modal would be charged under. */
const SEND_TERMS_KEY = ['chat', 'send-status'] as const;

export function SendMessageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const modelName = useModelName();
  const { refresh: refreshMe } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const fieldId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ text: string; link?: { to: string; label: string } } | null>(null);
  const [busy, setBusy] = useState(false);
  /** One message, one uniqueId: a retry after a failure is the same message; after a success the next one is new. */
  const sendRef = useRef({ uniqueId: uuid(), action: new IdempotentAction() });
  // The terms are read each time the modal opens (unknown when they cannot be read).
  const client = useQueryClient();
  const termsQuery = useQuery({ queryKey: SEND_TERMS_KEY, queryFn: async () => (await chatApi.sendStatus()).data, enabled: open });
  const terms = termsQuery.isError ? null : (termsQuery.data ?? null);
  const setTerms = (next: PayPerMessageStatus) => client.setQueryData(SEND_TERMS_KEY, next);

  useEffect(() => {
    if (!open) return;
    setError(null);
    setFailure(null);
  }, [open]);

  const charge = terms?.isPayPerMessageEnabled && terms.payPerMessageCredit <= 0 ? terms.payPerMessageAmountCents : 0;
  const note = payPerMessageAlert(terms);

  const submit = async () => {
    const problem = modalTextError(text);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setFailure(null);
    setBusy(true);
    const send = sendRef.current;
    const base: SendTextBody = { message: text.trim(), uniqueId: send.uniqueId };
    const body: SendTextBody = charge > 0 && terms ? { ...base, isPayPerMessageEnabled: true, payPerMessageAmount: terms.payPerMessageAmount } : base;
    try {
      const { data, position } = await chatApi.send(body, send.action.keyFor(body));
      send.action.settle();
      sendRef.current = { uniqueId: uuid(), action: new IdempotentAction() };
      if (data?.is_pay_per_message) void refreshMe(position).catch(() => undefined);
      notify(MESSAGE_SENT, 'success');
      setText('');
      onClose();
      navigate('/private-chat');
    } catch (err) {
      send.action.settle(err);
      const f = interpretSendError(err);
      if (f.kind === 'not_accepted') {
        // The price changed since the modal opened: show the new terms; the next click accepts them.
        if (f.terms) setTerms(f.terms);
        setFailure({ text: f.text });
      } else if (f.kind === 'insufficient_funds') setFailure({ text: f.text, link: { to: '/profile/wallet', label: 'Add funds' } });
      else if (f.kind === 'cascade') setFailure({ text: f.text, link: { to: '/profile/add-new-payment-method', label: 'Add a card' } });
      else setFailure({ text: f.text });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={`${fieldId}-title`}
      data-testid="send-message-dialog"
      slotProps={{ paper: { sx: phone ? { m: 1.5, width: 'calc(100% - 24px)' } : undefined } }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void submit();
        }}
      >
        <DialogTitle id={`${fieldId}-title`} sx={{ overflowWrap: 'anywhere' }}>
          Message {modelName}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 1.5 }}>
          <TextField
            id={fieldId}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (error) setError(null);
            }}
            placeholder="Write a message..."
            label="Message"
            multiline
            minRows={3}
            maxRows={8}
            autoFocus
            fullWidth
            error={!!error}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: CHAT_TEXT_MAX + 1, 'data-testid': 'send-message-input' }, formHelperText: { 'data-testid': 'send-message-error' } as object }}
          />
          {note && (
            <Typography variant="body2" color="text.secondary" data-testid="send-message-terms">
              {note}
            </Typography>
          )}
          {failure && (
            <Alert
              severity="error"
              data-testid="send-message-failure"
              action={
                failure.link ? (
                  <Button component={RouterLink} to={failure.link.to} color="inherit" size="small" onClick={onClose}>
                    {failure.link.label}
                  </Button>
                ) : undefined
              }
            >
              {failure.text}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/private-chat" onClick={onClose} color="inherit" sx={{ mr: 'auto' }} data-testid="send-message-open-chat">
            Open chat
          </Button>
          <Button onClick={onClose} color="inherit" disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="send-message-send" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {charge > 0 ? `Send for ${formatMoney(charge)}` : 'Send'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
