// /private-chat: a fan with a membership (status '1' or '2') chats with the creator — one creator,
// so only the message list. Fans without a membership see 'Subscribe to chat with {model_name}'; staff are sent to
// the console's chat. Messages load newest first, older ones when scrolled to the top; new ones arrive live (frames
// and the query cache: ./useChatMessages.ts); locked media are unlocked as posts are (card or wallet);
// pay-per-message asks before it charges.
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import KeyboardArrowDownRounded from '@mui/icons-material/KeyboardArrowDownRounded';
import { formatMoney } from '../../../domain/shared/money';
import type { ChatMessageView } from '../../../domain/chat/wire';
import { NORMAL_CHAT_DISABLED } from '../../../domain/settings/chat-settings';
import { useAuth, useIsProxy } from '../auth';
import { isMember, isStaff } from '../format';
import { useNotify } from '../notify';
import { PageLoader } from '../components/StatusViews';
import { ConfirmPaymentDialog } from '../payments/ConfirmPaymentDialog';
import { useSendTip } from '../tips/useSendTip';
import { TIP_SENT } from '../tips/tipForm';
import { paysFromWallet, WalletNotice } from '../wallet/useWalletPurchase';
import { visibleToFan } from './chatRules';
import { ChatInputBar } from './ChatInputBar';
import { ChatTipDialog } from './ChatTipDialog';
import { useChatMessages } from './useChatMessages';
import { useChatUnlock } from './useChatUnlock';
import { StaffRedirect, SubscribeToChat } from './ChatGates';
import { ChatHeader } from './ChatHeader';
import { ChatList } from './ChatList';
import { useChatComposer } from './useChatComposer';
import { useChatScroll } from './useChatScroll';
import { useNextMeeting } from '../chat-booking/bookingApi';
import { useTierUpgrade } from '../membership/useTierUpgrade';

const AddFundsDialog = lazy(() => import('../wallet/AddFundsDialog'));

export default function PrivateChatPage() {
  const { me } = useAuth();
  const proxy = useIsProxy();
  if (!me) return <PageLoader />;
  if (isStaff(me) && !proxy) return <StaffRedirect />;
  if (!isMember(me)) return <SubscribeToChat />;
  return <ChatScreen />;
}

function ChatScreen() {
  const { me, refresh: refreshMe, settings } = useAuth();
  // Normal chat off (chat settings, followed live): the server says whether this fan may write now (staff allowed
  // them, or their booked slot is on) and, if not, why; that text stands in for the text area.
  const { next: meeting } = useNextMeeting(!!settings?.chat_settings?.disabled_normal_chat);
  const chatClosed = settings?.chat_settings?.disabled_normal_chat ? (meeting ? meeting.chat_closed : NORMAL_CHAT_DISABLED) : null;
  const proxy = useIsProxy();
  const notify = useNotify();
  const chat = useChatMessages();
  const unlock = useChatUnlock(chat.upsert);
  // A locked message limited to a tier above the fan's: "Upgrade to <tier>" opens Change plan; once upgraded the
  // conversation is read again and the message offers its Unlock.
  const upgrade = useTierUpgrade(() => chat.refresh());
  const { requestUnlock } = unlock;
  const { openUpgrade } = upgrade;
  const unlockOrUpgrade = useMemo(
    () => ({
      buyingId: unlock.buyingId,
      requestUnlock: (m: ChatMessageView) => (m.cta === 'upgrade' ? openUpgrade(m.required_tier?.tier_id ?? null) : requestUnlock(m)),
    }),
    [unlock.buyingId, requestUnlock, openUpgrade],
  );
  const fromWallet = paysFromWallet(me);

  const [tipOpen, setTipOpen] = useState(false);
  const stick = useRef(true);
  const composer = useChatComposer(chat, stick);
  const {
    text, setText, inputError, setInputError, pending, checking, askPay, addFunds, addFundsMounted, attached,
    attach, removeAttached, send, cancelPay, confirmPay, onFundsCompleted, onFundsClosed,
  } = composer;
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
  const { listRef, onScroll, jumpToNewest, showJump, loadOlder } = useChatScroll({
    chat, firstId, lastId, pendingIds: pending.map((p) => p.uniqueId).join(','), anyShown: shown.length > 0, stick,
  });
  const tip = useSendTip(
    ({ message, position }) => {
      notify(message || TIP_SENT, 'success');
      void refreshMe(position).catch(() => undefined);
      void chat.refresh();
      stick.current = true;
    },
    { tipFrom: 'chat' },
  );

  const note = proxy
    ? 'Viewing the site as a fan: messages and purchases are not sent from here.'
    : chat.payPerMessage?.isPayPerMessageEnabled
    ? chat.payPerMessage.payPerMessageCredit > 0
      ? `You have ${chat.payPerMessage.payPerMessageCredit} message credit${chat.payPerMessage.payPerMessageCredit === 1 ? '' : 's'}; after that each message costs ${formatMoney(chat.payPerMessage.payPerMessageAmountCents)}.`
      : `Each message costs ${formatMoney(chat.payPerMessage.payPerMessageAmountCents)}${fromWallet ? ', paid from your wallet' : ''}.`
    : null;

  if (chat.status === 'forbidden') return <SubscribeToChat />;

  const body = (
    <ChatList chat={chat} shown={shown} pending={pending} ownSeenId={ownSeenId} unlock={unlockOrUpgrade} loadOlder={loadOlder} onRetry={composer.retry} onDiscard={composer.discard} onCancel={composer.cancelUpload} />
  );

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
      {upgrade.elements}
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
