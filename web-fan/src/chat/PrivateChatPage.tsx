// /private-chat: a fan with a membership (status '1' or '2') chats with the creator — one creator,
// so only the message list. Fans without a membership see 'Subscribe to chat with {model_name}'; staff are sent to
// the console's chat. Messages load newest first, older ones when scrolled to the top; new ones are polled every
// 5 seconds; locked media are unlocked as posts are (card or wallet); pay-per-message asks before it charges.
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import ForumRounded from '@mui/icons-material/ForumRounded';
import KeyboardArrowDownRounded from '@mui/icons-material/KeyboardArrowDownRounded';
import LocalMallRounded from '@mui/icons-material/LocalMallRounded';
import Tooltip from '@mui/material/Tooltip';
import type { ChatMessageView, PayPerMessageStatus } from '../../../domain/chat/wire';
import { formatMoney } from '../../../domain/shared/money';
import { ApiError, IdempotentAction, uuid } from '../api';
import { NORMAL_CHAT_DISABLED } from '../../../domain/settings/chat-settings';
import { useAuth, useIsProxy, useModelName } from '../auth';
import { isMember, isStaff } from '../format';
import { useNotify } from '../notify';
import { Column, EmptyState, ErrorState, PageLoader } from '../components/StatusViews';
import { ConfirmPaymentDialog } from '../payments/ConfirmPaymentDialog';
import { useSendTip } from '../tips/useSendTip';
import { TIP_SENT } from '../tips/tipForm';
import { paysFromWallet, WalletNotice } from '../wallet/useWalletPurchase';
import type { AddFundsResult } from '../wallet/AddFundsDialog';
import { chatApi, type SendTextBody } from './chatApi';
import { failedPendingOf, interpretSendError, LOAD_FAILED, LOW_WALLET_MESSAGE, payPerMessageAlert, SEND_FAILED_LATER, textError, visibleToFan } from './chatRules';
import { useFrame } from '../realtime';
import { ChatInputBar, type AttachedFile } from './ChatInputBar';
import { chatTextProblem } from '../../../domain/chat/chat-message';
import { fanMediaType, pickFanMedia } from '../../../domain/chat/fan-media';
import { uploadFanMedia } from './fanUpload';
import { ChatTipDialog } from './ChatTipDialog';
import { MessageBubble, PendingBubble, useNow, type PendingMessage } from './MessageBubble';
import { useChatMessages } from './useChatMessages';
import { useChatUnlock } from './useChatUnlock';
import { JoinStreamButton } from '../live/LiveAnnouncement';

const AddFundsDialog = lazy(() => import('../wallet/AddFundsDialog'));

/** The console's chat, where staff answer fans. */
export const STAFF_CHAT_URL = '/admin/private-chat';
/** Within this distance of the bottom the list follows new messages. */
const STICK_PX = 96;
/** Within this distance of the top the next older page loads. */
const OLDER_PX = 160;

export default function PrivateChatPage() {
  const { me } = useAuth();
  const proxy = useIsProxy();
  if (!me) return <PageLoader />;
  if (isStaff(me) && !proxy) return <StaffRedirect />;
  if (!isMember(me)) return <SubscribeToChat />;
  return <ChatScreen />;
}

function StaffRedirect() {
  useEffect(() => {
    window.location.replace(STAFF_CHAT_URL);
  }, []);
  return <PageLoader label="Opening the console chat" />;
}

function SubscribeToChat() {
  const modelName = useModelName();
  return (
    <Column width={560}>
      <Box data-testid="chat-subscribe-state" sx={{ mt: { xs: 2, sm: 4 } }}>
        <EmptyState title={`Subscribe to chat with ${modelName}`} icon={<ForumRounded />}>
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 360, mx: 'auto' }}>
            Members message {modelName} privately and get photos and videos you will not find in the feed.
          </Typography>
          <Button component={RouterLink} to="/membership" variant="contained" size="large" sx={{ mt: 3 }} data-testid="chat-subscribe-button">
            Subscribe
          </Button>
        </EmptyState>
      </Box>
    </Column>
  );
}

function ChatHeader({ payPerMessage }: { payPerMessage: PayPerMessageStatus | null }) {
  const { settings } = useAuth();
  const modelName = useModelName();
  const navigate = useNavigate();
  const subtitle = payPerMessage?.isPayPerMessageEnabled
    ? payPerMessage.payPerMessageCredit > 0
      ? `${payPerMessage.payPerMessageCredit} free message${payPerMessage.payPerMessageCredit === 1 ? '' : 's'} left`
      : `${formatMoney(payPerMessage.payPerMessageAmountCents)} per message`
    : 'Private chat';
  return (
    <Box
      component="header"
      data-testid="chat-header"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: { xs: 1, sm: 2.5 }, py: 1.25, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', flexShrink: 0 }}
    >
      <IconButton
        aria-label="Back"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}
        sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
        data-testid="chat-back"
      >
        <ArrowBackRounded />
      </IconButton>
      <Avatar
        src={settings?.model_avatar_url ?? undefined}
        alt=""
        sx={{ width: 42, height: 42, bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700 }}
      >
        {modelName.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography component="h1" variant="subtitle1" noWrap sx={{ fontWeight: 700, lineHeight: 1.25 }} data-testid="chat-creator-name">
          {modelName}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p" data-testid="chat-header-subtitle">
          {subtitle}
        </Typography>
      </Box>
      {/* Join Stream while a session is live for this fan and not yet joined. */}
      <JoinStreamButton />
      {/* The chat header links to purchased contents (what the fan bought here and in the feed). */}
      {settings?.purchased_content_settings?.enabled !== false && (
        <Tooltip title="Purchased contents">
          <IconButton component={RouterLink} to="/purchased-contents" aria-label="Purchased contents" data-testid="chat-purchased-link">
            <LocalMallRounded />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

function dayLabel(iso: string, now: number): string {
  const d = new Date(iso);
  const today = new Date(now);
  const start = (x: Date) => new Date(x.getFullYear(), x.getMonth(), x.getDate()).getTime();
  const days = Math.round((start(today) - start(d)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return d.toLocaleDateString(undefined, { weekday: days < 7 ? 'long' : undefined, year: d.getFullYear() === today.getFullYear() ? undefined : 'numeric', month: 'long', day: 'numeric' });
}

function DayDivider({ label }: { label: string }) {
  return (
    <Box component="li" role="separator" aria-label={label} sx={{ listStyle: 'none', display: 'flex', justifyContent: 'center', py: 1.5 }}>
      <Typography variant="caption" color="text.secondary" sx={{ px: 1.5, py: 0.25, borderRadius: 5, bgcolor: 'action.hover', fontWeight: 600 }}>
        {label}
      </Typography>
    </Box>
  );
}

function ListSkeleton() {
  return (
    <Box aria-hidden sx={{ px: { xs: 1.5, sm: 2.5 }, py: 2, display: 'grid', gap: 1.5 }} data-testid="chat-loading">
      {[62, 40, 70, 35, 55].map((w, i) => (
        <Box key={i} sx={{ display: 'flex', justifyContent: i % 2 ? 'flex-end' : 'flex-start' }}>
          <Skeleton variant="rounded" width={`${w}%`} height={i === 2 ? 120 : 38} sx={{ borderRadius: 3 }} />
        </Box>
      ))}
    </Box>
  );
}

interface PendingSend {
  uniqueId: string;
  text: string;
  mediaId: string | null;
  alert: string;
  /** The alert is about a charge (no credit left). */
  charge: boolean;
  status: PayPerMessageStatus | null;
}

function ChatScreen() {
  const { me, refresh: refreshMe, settings } = useAuth();
  // Normal chat off (chat settings, followed live): the server's refusal text stands in for the text area.
  const chatClosed = settings?.chat_settings?.disabled_normal_chat ? NORMAL_CHAT_DISABLED : null;
  const proxy = useIsProxy();
  const modelName = useModelName();
  const notify = useNotify();
  const navigate = useNavigate();
  const now = useNow();
  const chat = useChatMessages();
  const unlock = useChatUnlock(chat.upsert);
  const fromWallet = paysFromWallet(me);

  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [checking, setChecking] = useState(false);
  const [askPay, setAskPay] = useState<PendingSend | null>(null);
  const [addFunds, setAddFunds] = useState<{ uniqueId: string; shortfallCents: number; reason: string; accepted: number | null } | null>(null);
  const [addFundsMounted, setAddFundsMounted] = useState(false);
  const [tipOpen, setTipOpen] = useState(false);
  const actions = useRef(new Map<string, IdempotentAction>());
  /** The photo or video chosen for the next message (one at most). */
  const [attached, setAttached] = useState<(AttachedFile & { file: File }) | null>(null);
  /** Per pending message with a file: the file (a retry uploads it again), its media id once uploaded, the cancel. */
  const uploads = useRef(new Map<string, { file: File; previewUrl: string; mediaId: string | null; controller: AbortController | null }>());

  const tip = useSendTip(
    ({ message, position }) => {
      notify(message || TIP_SENT, 'success');
      void refreshMe(position).catch(() => undefined);
      void chat.refresh();
      stick.current = true;
    },
    { tipFrom: 'chat' },
  );

  // ---- scrolling: stay at the newest message, keep the position when older ones come in ----------------------
  const listRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const restore = useRef<{ height: number; top: number } | null>(null);
  const metrics = useRef({ height: 0, client: 0 });
  const [showJump, setShowJump] = useState(false);

  const shown = useMemo(() => chat.messages.filter(visibleToFan), [chat.messages]);
  const lastId = shown.length ? shown[shown.length - 1]!._id : '';
  const firstId = shown.length ? shown[0]!._id : '';
  const ownSeenId = useMemo(() => {
    for (let i = shown.length - 1; i >= 0; i--) {
      const m = shown[i]!;
      if (!m.fromAdmin) return m.isRead ? m._id : null;
    }
    return null;
  }, [shown]);
  const pendingIds = pending.map((p) => p.uniqueId).join(',');
  // Pending messages the server now lists are delivered.
  useEffect(() => {
    const delivered = new Set(chat.messages.map((m) => m.uniqueId).filter(Boolean));
    if (pending.some((p) => delivered.has(p.uniqueId))) setPending((ps) => ps.filter((p) => !delivered.has(p.uniqueId)));
  }, [chat.messages, pending]);

  const { hasMore, loadingOlder, olderError, loadOlder: fetchOlder } = chat;
  const loadOlder = useCallback(() => {
    const el = listRef.current;
    if (!el || !hasMore || loadingOlder || olderError) return;
    restore.current = { height: el.scrollHeight, top: el.scrollTop };
    void fetchOlder();
  }, [hasMore, loadingOlder, olderError, fetchOlder]);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    if (restore.current) {
      if (!chat.loadingOlder) {
        const r = restore.current;
        restore.current = null;
        el.scrollTop = el.scrollHeight - r.height + r.top;
      }
      return;
    }
    if (stick.current) {
      el.scrollTop = el.scrollHeight;
      setShowJump(false);
    } else if (lastId) setShowJump(true);
  }, [firstId, lastId, pendingIds, chat.loadingOlder, chat.status]);

  // The list changes size (a phone turned, the keyboard opened, the text area grew, an image came in): the
  // fan reading the newest messages stays at the bottom.
  const anyShown = shown.length > 0;
  useEffect(() => {
    const el = listRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const follow = () => {
      if (stick.current && !restore.current) el.scrollTop = el.scrollHeight;
      metrics.current = { height: el.scrollHeight, client: el.clientHeight };
    };
    const ro = new ResizeObserver(follow);
    ro.observe(el);
    const inner = el.querySelector('ol');
    if (inner) ro.observe(inner);
    // Sizes that change and change back within a frame reach no observer, but the scroll position may have been
    // clamped in between: the window's resize catches those.
    let frame = 0;
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(follow);
    };
    window.addEventListener('resize', onResize);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', onResize);
      cancelAnimationFrame(frame);
    };
  }, [chat.status, anyShown]);

  // A short first page on a tall screen: load older ones until the list scrolls.
  useEffect(() => {
    const el = listRef.current;
    if (el && chat.status === 'ready' && chat.hasMore && !chat.loadingOlder && el.scrollHeight <= el.clientHeight + OLDER_PX) loadOlder();
  }, [chat.status, chat.hasMore, chat.loadingOlder, firstId, loadOlder]);

  const onScroll = () => {
    const el = listRef.current;
    if (!el) return;
    // A scroll that comes with a change of size (the window resized, text reflowed) is not the fan scrolling away.
    const resized = el.scrollHeight !== metrics.current.height || el.clientHeight !== metrics.current.client;
    metrics.current = { height: el.scrollHeight, client: el.clientHeight };
    if (resized && stick.current) {
      el.scrollTop = el.scrollHeight;
      return;
    }
    const fromBottom = el.scrollHeight - el.scrollTop - el.clientHeight;
    stick.current = fromBottom < STICK_PX;
    if (stick.current && showJump) setShowJump(false);
    if (el.scrollTop < OLDER_PX) loadOlder();
  };

  const jumpToNewest = () => {
    const el = listRef.current;
    if (!el) return;
    stick.current = true;
    el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    setShowJump(false);
  };

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

  const note = proxy
    ? 'Viewing the site as a fan: messages and purchases are not sent from here.'
    : chat.payPerMessage?.isPayPerMessageEnabled
    ? chat.payPerMessage.payPerMessageCredit > 0
      ? `You have ${chat.payPerMessage.payPerMessageCredit} message credit${chat.payPerMessage.payPerMessageCredit === 1 ? '' : 's'}; after that each message costs ${formatMoney(chat.payPerMessage.payPerMessageAmountCents)}.`
      : `Each message costs ${formatMoney(chat.payPerMessage.payPerMessageAmountCents)}${fromWallet ? ', paid from your wallet' : ''}.`
    : null;

  if (chat.status === 'forbidden') return <SubscribeToChat />;

  let body: ReactNode;
  if (chat.status === 'loading') body = <ListSkeleton />;
  else if (chat.status === 'error')
    body = (
      <Box sx={{ p: { xs: 1.5, sm: 3 } }} data-testid="chat-error">
        <ErrorState title={LOAD_FAILED} message={chat.error ?? undefined} onRetry={chat.retry} />
      </Box>
    );
  else if (!shown.length && !pending.length)
    body = (
      <Box sx={{ p: { xs: 1.5, sm: 3 }, my: 'auto' }} data-testid="chat-empty">
        <EmptyState title="No messages yet" icon={<ChatBubbleOutlineRounded />}>
          Say hi to {modelName} — your messages are private.
        </EmptyState>
      </Box>
    );
  else {
    const rows: ReactNode[] = [];
    let lastDay = '';
    /** Messages from one sender within 5 minutes form a run; the time shows under its last one. */
    const runEnds = (m: ChatMessageView, next: ChatMessageView | undefined) =>
      !next ||
      next.fromAdmin !== m.fromAdmin ||
      m.type === 'tips' ||
      next.type === 'tips' ||
      Date.parse(next.created) - Date.parse(m.created) > 5 * 60_000 ||
      dayLabel(next.created, now) !== dayLabel(m.created, now);
    shown.forEach((m, i) => {
      const day = dayLabel(m.created, now);
      if (day !== lastDay) {
        rows.push(<DayDivider key={`day-${m._id}`} label={day} />);
        lastDay = day;
      }
      rows.push(
        <MessageBubble
          key={m._id}
          message={m}
          own={!m.fromAdmin}
          creatorName={modelName}
          canUnlock={!proxy}
          buying={unlock.buyingId === m._id}
          onUnlock={unlock.requestUnlock}
          now={now}
          seen={m._id === ownSeenId}
          showTime={runEnds(m, shown[i + 1])}
        />,
      );
    });
    for (const p of pending)
      rows.push(<PendingBubble key={`pending-${p.uniqueId}`} pending={p} onRetry={() => retry(p)} onDiscard={() => discard(p)} onCancel={p.attachment ? () => cancelUpload(p) : undefined} />);
    body = (
      <>
        <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 40, py: 1 }} data-testid="chat-list-top">
          {chat.loadingOlder ? (
            <CircularProgress size={22} aria-label="Loading older messages" data-testid="chat-loading-older" />
          ) : chat.olderError ? (
            <Button size="small" onClick={() => void chat.loadOlder()} data-testid="chat-older-retry">
              {LOAD_FAILED} Retry
            </Button>
          ) : chat.hasMore ? (
            <Button size="small" color="inherit" onClick={loadOlder} data-testid="chat-load-older">
              Load older messages
            </Button>
          ) : (
            <Typography variant="caption" color="text.secondary" data-testid="chat-beginning">
              This is the beginning of your conversation with {modelName}.
            </Typography>
          )}
        </Box>
        <Box component="ol" aria-label={`Conversation with ${modelName}`} sx={{ m: 0, p: 0, pb: 1 }}>
          {rows}
        </Box>
      </>
    );
  }

  return (
    <Box
      data-testid="chat-page"
      sx={{
        flex: 1,
        minHeight: 0,
        width: '100%',
        maxWidth: 880,
        mx: 'auto',
        display: 'flex',
        flexDirection: 'column',
        // No side borders: on the dark theme the divider colour drew white 1 px lines down the column.
        position: 'relative',
      }}
    >
      <ChatHeader payPerMessage={chat.payPerMessage} />
      <Box
        ref={listRef}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-busy={chat.status === 'loading' || chat.loadingOlder}
        aria-label="Messages"
        tabIndex={0}
        data-testid="chat-messages"
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain', overflowAnchor: 'none', display: 'flex', flexDirection: 'column', outline: 'none' }}
      >
        {body}
      </Box>
      {showJump && (
        <Fab
          size="small"
          color="primary"
          aria-label="Jump to the newest message"
          onClick={jumpToNewest}
          data-testid="chat-jump-newest"
          sx={{ position: 'absolute', right: 16, bottom: 88 }}
        >
          <KeyboardArrowDownRounded />
        </Fab>
      )}
      <ChatInputBar
        value={text}
        onChange={(v) => {
          setText(v);
          if (inputError) setInputError(null);
        }}
        onSend={send}
        onTip={proxy ? undefined : () => setTipOpen(true)}
        onAttach={proxy ? undefined : attach}
        attachment={attached}
        onRemoveAttachment={removeAttached}
        error={inputError}
        note={note}
        busy={checking}
        disabled={chat.status !== 'ready' || proxy}
        closedText={chatClosed}
      />

      <ChatTipDialog
        open={tipOpen}
        onClose={() => setTipOpen(false)}
        onSubmit={(t) => {
          setTipOpen(false);
          tip.ask(t);
        }}
      />
      {tip.elements}
      {unlock.elements}
      <ConfirmPaymentDialog
        open={!!askPay}
        title="Send message"
        text={askPay?.alert ?? ''}
        extra={askPay?.charge && askPay.status && fromWallet ? <WalletNotice me={me} priceCents={askPay.status.payPerMessageAmountCents} /> : null}
        busy={false}
        onCancel={cancelPay}
        onConfirm={confirmPay}
        testId="chat-ppm"
        confirmTestId="chat-ppm-confirm"
      />
      {addFundsMounted && (
        <Suspense fallback={null}>
          <AddFundsDialog open={!!addFunds} shortfallCents={addFunds?.shortfallCents ?? 0} onClose={onFundsClosed} onCompleted={onFundsCompleted} />
        </Suspense>
      )}
    </Box>
  );
}
