// The chat's composer and its sending: the text and the attached photo or video, the pending bubbles (sending,
// failed with a retry, waiting for funds), the pay-per-message question before a charge, the upload before the
// send, Add Funds when the wallet is short, and a send that failed after the fact (SEND_MESSAGE_RES). A resend
// keeps its uniqueId and Idempotency-Key, so a message is delivered once.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PayPerMessageStatus } from '../../../domain/chat/wire';
import { chatTextProblem } from '../../../domain/chat/chat-message';
import { fanMediaType, pickFanMedia } from '../../../domain/chat/fan-media';
import { ApiError, IdempotentAction, uuid } from '../api';
import { useAuth } from '../auth';
import { useNotify } from '../notify';
import { useFrame } from '../realtime';
import type { AddFundsResult } from '../wallet/AddFundsDialog';
import { chatApi, type SendTextBody } from './chatApi';
import { failedPendingOf, interpretSendError, LOW_WALLET_MESSAGE, payPerMessageAlert, SEND_FAILED_LATER, textError } from './chatRules';
import type { AttachedFile } from './ChatInputBar';
import { uploadFanMedia } from './fanUpload';
import type { PendingMessage } from './MessageBubble';
import type { useChatMessages } from './useChatMessages';

export interface PendingSend {
  uniqueId: string;
  text: string;
  mediaId: string | null;
  alert: string;
  /** The alert is about a charge (no credit left). */
  charge: boolean;
  status: PayPerMessageStatus | null;
}

export function useChatComposer(chat: ReturnType<typeof useChatMessages>, stick: RefObject<boolean>) {
  const { refresh: refreshMe } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [checking, setChecking] = useState(false);
  const [askPay, setAskPay] = useState<PendingSend | null>(null);
  const [addFunds, setAddFunds] = useState<{ uniqueId: string; shortfallCents: number; reason: string; accepted: number | null } | null>(null);
  const [addFundsMounted, setAddFundsMounted] = useState(false);
  const actions = useRef(new Map<string, IdempotentAction>());
  /** The photo or video chosen for the next message (one at most). */
  const [attached, setAttached] = useState<(AttachedFile & { file: File }) | null>(null);
  /** Per pending message with a file: the file (a retry uploads it again), its media id once uploaded, the cancel. */
  const uploads = useRef(new Map<string, { file: File; previewUrl: string; mediaId: string | null; controller: AbortController | null }>());

  // Pending messages the server now lists are delivered.
  useEffect(() => {
    const delivered = new Set(chat.messages.map((m) => m.uniqueId).filter(Boolean));
    if (pending.some((p) => delivered.has(p.uniqueId))) setPending((ps) => ps.filter((p) => !delivered.has(p.uniqueId)));
  }, [chat.messages, pending]);


  // ---- sending --------------------------------------------------------------------------------------------------
  const patchPending = (uniqueId: string, patch: Partial<PendingMessage>) =>
    setPending((ps) => ps.map((p) => (p.uniqueId === uniqueId ? { ...p, ...patch } : p)));

  /** Sends (or resends, with the same uniqueId) a message; `accepted` is the pay-per-message price the fan agreed to. */
  const deliver = async (uniqueId: string, message: string, accepted: number | null, mediaId: string | null = null) => {
    patchPending(uniqueId, { status: 'sending', error: null });
    stick.current = true;
    let action = actions.current.get(uniqueId);
    if (!action) {
      action = new IdempotentAction();
      actions.current.set(uniqueId, action);
    }
    const base: SendTextBody = mediaId ? { message, uniqueId, media: [mediaId] } : { message, uniqueId };
    const body: SendTextBody = accepted === null ? base : { ...base, isPayPerMessageEnabled: true, payPerMessageAmount: accepted };
    try {
      const { data, position } = await chatApi.send(body, action.keyFor(body));
      action.settle();
      actions.current.delete(uniqueId);
      forgetUpload(uniqueId);
      if (data?.message) {
        setPending((ps) => ps.filter((p) => p.uniqueId !== uniqueId));
        chat.addSent(data.message);
      } else {
        // Stored, but the read models have not caught up yet: the bubble stays until the message comes
        // (MESSAGE_RECEIVE, or page 1 read again), which the pending list drops by its uniqueId.
        void chat.refresh();
      }
      chat.setPayPerMessage((p) => (p && typeof data?.payPerMessageCredit === 'number' ? { ...p, payPerMessageCredit: data.payPerMessageCredit } : p));
      if (data?.is_pay_per_message) void refreshMe(position).catch(() => undefined);
    } catch (err) {
      action.settle(err);
      const failure = interpretSendError(err);
      if (failure.kind === 'not_accepted') {
        // Pay-per-message came on, or its price changed, since the fan was asked: ask again with the new terms.
        const terms = failure.terms ?? null;
        if (terms) chat.setPayPerMessage(() => terms);
        const alert = payPerMessageAlert(terms) ?? failure.text;
        setAskPay({ uniqueId, text: message, mediaId, alert, charge: !terms || terms.payPerMessageCredit <= 0, status: terms });
        return;
      }
      if (failure.kind === 'insufficient_funds') {
        patchPending(uniqueId, { status: 'awaiting_funds', error: LOW_WALLET_MESSAGE });
        notify(failure.text || LOW_WALLET_MESSAGE, 'warning');
        setAddFundsMounted(true);
        setAddFunds({ uniqueId, shortfallCents: failure.shortfallCents, reason: failure.text || LOW_WALLET_MESSAGE, accepted });
        return;
      }
      patchPending(uniqueId, { status: 'failed', error: failure.text });
      if (failure.kind === 'cascade') {
        notify(failure.text, 'error');
        navigate('/profile/add-new-payment-method');
      }
    }
  };

  /** Checks pay-per-message, asks when it charges or uses a credit, then sends. */
  const prepare = async (uniqueId: string, message: string, mediaId: string | null = null) => {
    setChecking(true);
    let status: PayPerMessageStatus | null = chat.payPerMessage;
    try {
      status = (await chatApi.sendStatus()).data ?? status;
      chat.setPayPerMessage(() => status);
    } catch {
      /* the page's last known status decides */
    } finally {
      setChecking(false);
    }
    const alert = payPerMessageAlert(status);
    if (alert && status) {
      setAskPay({ uniqueId, text: message, mediaId, alert, charge: status.payPerMessageCredit <= 0, status });
      return;
    }
    return deliver(uniqueId, message, null, mediaId);
  };

  // ---- a photo or video (the images button) ------------------------------------------------------------------
  const forgetUpload = (uniqueId: string) => {
    const u = uploads.current.get(uniqueId);
    u?.controller?.abort();
    uploads.current.delete(uniqueId);
    // The delivered bubble shows the server's copy by then.
    if (u) setTimeout(() => URL.revokeObjectURL(u.previewUrl), 30_000);
  };

  const attach = (files: File[]) => {
    const { kept, error } = pickFanMedia(attached ? [attached.file] : [], files, Number.POSITIVE_INFINITY);
    if (error) {
      setInputError(error);
      return;
    }
    const file = kept[0];
    if (!file || file === attached?.file) return;
    setInputError(null);
    setAttached({ file, name: file.name, kind: fanMediaType(file)?.startsWith('video/') ? 'video' : 'photo', previewUrl: URL.createObjectURL(file) });
  };

  const removeAttached = () => {
    if (attached) URL.revokeObjectURL(attached.previewUrl);
    setAttached(null);
  };

  /** Uploads the message's file (unless done already), then checks pay-per-message and sends. */
  const uploadThenSend = async (uniqueId: string, message: string) => {
    const u = uploads.current.get(uniqueId);
    if (!u) return prepare(uniqueId, message);
    if (u.mediaId) return prepare(uniqueId, message, u.mediaId);
    const controller = new AbortController();
    u.controller = controller;
    patchPending(uniqueId, { status: 'sending', error: null });
    try {
      const { mediaId } = await uploadFanMedia(u.file, (progress) => setPending((ps) => ps.map((p) => (p.uniqueId === uniqueId && p.attachment ? { ...p, attachment: { ...p.attachment, progress } } : p))), controller.signal);
      u.mediaId = mediaId;
      u.controller = null;
      setPending((ps) => ps.map((p) => (p.uniqueId === uniqueId && p.attachment ? { ...p, attachment: { ...p.attachment, progress: 100, mediaId } } : p)));
      return prepare(uniqueId, message, mediaId);
    } catch (err) {
      u.controller = null;
      if (err instanceof ApiError && err.code === 'CANCELLED') return; // the fan cancelled: handled by cancelUpload
      patchPending(uniqueId, { status: 'failed', error: err instanceof Error ? err.message : 'Error occured while uploading media' });
    }
  };

  /** Cancel while uploading: the message goes back into the bar, file and text, to send again or change. */
  const cancelUpload = (p: PendingMessage) => {
    const u = uploads.current.get(p.uniqueId);
    u?.controller?.abort();
    uploads.current.delete(p.uniqueId);
    setPending((ps) => ps.filter((x) => x.uniqueId !== p.uniqueId));
    if (u && !attached && p.attachment) setAttached({ file: u.file, name: p.attachment.name, kind: p.attachment.kind, previewUrl: p.attachment.previewUrl });
    if (!text && p.text) setText(p.text);
  };

  const send = () => {
    // With a photo or video the text is optional.
    const problem = attached ? chatTextProblem(text, false) : textError(text);
    if (problem) {
      setInputError(problem);
      return;
    }
    setInputError(null);
    const uniqueId = uuid();
    const message = text.trim();
    const file = attached;
    if (file) uploads.current.set(uniqueId, { file: file.file, previewUrl: file.previewUrl, mediaId: null, controller: null });
    setPending((ps) => [
      ...ps,
      {
        uniqueId, text: message, createdAt: new Date().toISOString(), status: 'sending', error: null,
        ...(file ? { attachment: { name: file.name, kind: file.kind, previewUrl: file.previewUrl, progress: 0, mediaId: null } } : {}),
      },
    ]);
    setText('');
    setAttached(null);
    stick.current = true;
    void uploadThenSend(uniqueId, message);
  };

  const retry = (p: PendingMessage) => void uploadThenSend(p.uniqueId, p.text);
  const discard = (p: PendingMessage) => {
    actions.current.delete(p.uniqueId);
    forgetUpload(p.uniqueId);
    setPending((ps) => ps.filter((x) => x.uniqueId !== p.uniqueId));
  };

  const cancelPay = () => {
    const back = askPay ? pending.find((p) => p.uniqueId === askPay.uniqueId) : undefined;
    if (askPay) setPending((ps) => ps.filter((p) => p.uniqueId !== askPay.uniqueId));
    if (askPay && !text) setText(askPay.text); // back in the box, nothing lost
    const u = askPay ? uploads.current.get(askPay.uniqueId) : undefined;
    if (askPay) uploads.current.delete(askPay.uniqueId);
    if (u && back?.attachment && !attached) setAttached({ file: u.file, name: back.attachment.name, kind: back.attachment.kind, previewUrl: back.attachment.previewUrl });
    setAskPay(null);
  };

  const confirmPay = () => {
    const ask = askPay;
    setAskPay(null);
    // A charge is accepted at the price shown; a message sent on a credit accepts no charge.
    if (ask) void deliver(ask.uniqueId, ask.text, ask.charge && ask.status ? ask.status.payPerMessageAmount : null, ask.mediaId);
  };

  // Add Funds keeps polling the crypto payment while open: its callbacks stay the same across renders.
  const latest = useRef({ addFunds, pending, deliver, patchPending });
  latest.current = { addFunds, pending, deliver, patchPending };
  const onFundsCompleted = useCallback((result: AddFundsResult) => {
    const { addFunds: waiting, pending: ps, deliver: send } = latest.current;
    if (!result.confirmed || !waiting) return;
    setAddFunds(null);
    const p = ps.find((x) => x.uniqueId === waiting.uniqueId);
    if (p) void send(p.uniqueId, p.text, waiting.accepted, p.attachment?.mediaId ?? null); // the same uniqueId: delivered once
  }, []);

  const onFundsClosed = useCallback(() => {
    const { addFunds: waiting, patchPending: patch } = latest.current;
    setAddFunds(null);
    if (waiting) patch(waiting.uniqueId, { status: 'failed', error: waiting.reason });
  }, []);

  // A send that failed after the fact (SEND_MESSAGE_RES): the waiting bubble shows it with a retry (the send's own
  // answer, when it comes, has the last word), and page 1 is read again.
  useFrame<{ success?: boolean }>('SEND_MESSAGE_RES', (data) => {
    if (data.success !== false) return;
    const p = failedPendingOf(latest.current.pending);
    if (p) latest.current.patchPending(p.uniqueId, { status: 'failed', error: SEND_FAILED_LATER });
    void chat.refresh();
  });

  return {
    text, setText, inputError, setInputError, pending, checking, askPay, addFunds, addFundsMounted, attached,
    attach, removeAttached, send, retry, discard, cancelUpload, cancelPay, confirmPay, onFundsCompleted, onFundsClosed,
  };
}
