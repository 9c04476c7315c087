// The chat input bar: an images button (one photo or video: domain/chat/fan-media.ts), a dollar (tip)
// button for subscribers, a text area ("Write a message...", 34 px growing to 120 px), a send button; Enter sends,
// Shift+Enter starts a new line. The chosen file shows above the bar with a remove button. While the creator has
// normal chat off, the server's text stands in for the text area (the tip button stays: tips are not normal chat).
import { useId, useLayoutEffect, useRef, type ChangeEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import AttachMoneyRounded from '@mui/icons-material/AttachMoneyRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ImageRounded from '@mui/icons-material/ImageRounded';
import VideocamRounded from '@mui/icons-material/VideocamRounded';
import SendRounded from '@mui/icons-material/SendRounded';

/** What the images button accepts (mp4, quicktime, jpeg, png). */
const ACCEPT = 'image/jpeg,image/png,video/mp4,video/quicktime,.jpg,.jpeg,.png,.mp4,.mov';

export interface AttachedFile {
  name: string;
  kind: 'photo' | 'video';
  previewUrl: string;
}

/** The text area starts one line high (34 px) and grows with the text up to 120 px, then scrolls. */
const AREA_MIN = 34;
const AREA_MAX = 120;

export function ChatInputBar({
  value,
  onChange,
  onSend,
  onTip,
  error,
  note,
  busy,
  disabled,
  closedText,
  onAttach,
  attachment,
  onRemoveAttachment,
}: {
  /** Absent: no images button (proxy sessions). */
  onAttach?: (files: File[]) => void;
  attachment?: AttachedFile | null;
  onRemoveAttachment?: () => void;
  value: string;
  onChange: (v: string) => void;
  onSend: () => void;
  /** Absent: no tip button (proxy sessions). */
  onTip?: () => void;
  error: string | null;
  /** A line under the bar, e.g. the pay-per-message price. */
  note?: string | null;
  busy: boolean;
  disabled?: boolean;
  /** Set: the fan may not write (normal chat off); this text stands in for the text area, the images and send buttons. */
  closedText?: string | null;
}) {
  const errorId = useId();
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const el = areaRef.current;
    if (!el) return;
    el.style.height = `${AREA_MIN}px`;
    el.style.height = `${Math.min(AREA_MAX, Math.max(AREA_MIN, el.scrollHeight))}px`;
  }, [value]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (!busy && !disabled) onSend();
    }
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy && !disabled) onSend();
      }}
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', px: { xs: 1, sm: 2 }, pt: 1, pb: 'calc(8px + env(safe-area-inset-bottom))' }}
      data-testid="chat-input-bar"
    >
      {attachment && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, px: 0.5 }} data-testid="chat-attachment">
          <Box sx={{ position: 'relative', width: 56, height: 56, borderRadius: 1.5, overflow: 'hidden', bgcolor: 'action.hover', flexShrink: 0 }}>
            {attachment.kind === 'video' ? (
              <Box component="video" src={attachment.previewUrl} muted playsInline preload="metadata" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            ) : (
              <Box component="img" src={attachment.previewUrl} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            )}
            {attachment.kind === 'video' && (
              <VideocamRounded sx={{ position: 'absolute', right: 2, bottom: 2, fontSize: 16, color: '#fff', filter: 'drop-shadow(0 1px 2px rgba(0,0,0,0.7))' }} aria-hidden />
            )}
          </Box>
          <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }} data-testid="chat-attachment-name">
            {attachment.name}
          </Typography>
          <IconButton size="small" onClick={onRemoveAttachment} aria-label={`Remove ${attachment.name}`} data-testid="chat-attachment-remove">
            <CloseRounded fontSize="small" />
          </IconButton>
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: { xs: 0.5, sm: 1 } }}>
        {onAttach && !closedText && (
          <Tooltip title="Add a photo or video">
            <span>
              <IconButton
                onClick={() => fileRef.current?.click()}
                disabled={disabled}
                aria-label="Add a photo or video"
                data-testid="chat-media-button"
                sx={{ width: 40, height: 40, color: 'primary.main', border: 1, borderColor: 'divider' }}
              >
                <ImageRounded />
              </IconButton>
            </span>
          </Tooltip>
        )}
        {onAttach && !closedText && (
          <input
            ref={fileRef}
            type="file"
            accept={ACCEPT}
            hidden
            data-testid="chat-media-input"
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = ''; // the same file may be chosen again after a removal
              if (files.length) onAttach(files);
            }}
          />
        )}
        {onTip && (
          <Tooltip title="Send a tip">
            <span>
              <IconButton
                onClick={onTip}
                disabled={disabled}
                aria-label="Send a tip"
                data-testid="chat-tip-button"
                sx={{ width: 40, height: 40, color: 'success.main', border: 1, borderColor: 'divider' }}
              >
                <AttachMoneyRounded />
              </IconButton>
            </span>
          </Tooltip>
        )}
        {closedText ? (
          <Typography
            role="status"
            data-testid="chat-disabled-note"
            sx={{ flex: 1, minWidth: 0, minHeight: 40, display: 'flex', alignItems: 'center', px: 1.5, color: 'text.secondary', fontSize: 14.5 }}
          >
            {closedText}
          </Typography>
        ) : (
          <>
            <Box
              sx={(t) => ({
                flex: 1,
                minWidth: 0,
                display: 'flex',
                alignItems: 'center',
                borderRadius: '20px',
                border: 1,
                borderColor: error ? 'error.main' : 'divider',
                bgcolor: alpha(t.palette.text.primary, t.palette.mode === 'dark' ? 0.04 : 0.02),
                '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: `0 0 0 1px ${error ? t.palette.error.main : t.palette.primary.main}` },
              })}
            >
              <Box
                component="textarea"
                ref={areaRef}
                rows={1}
                value={value}
                onChange={(e: ChangeEvent<HTMLTextAreaElement>) => onChange(e.target.value)}
                onKeyDown={onKeyDown}
                placeholder="Write a message..."
                disabled={disabled}
                aria-label="Message"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                enterKeyHint="send"
                data-testid="chat-input"
                sx={{
                  display: 'block',
                  width: '100%',
                  resize: 'none',
                  border: 0,
                  outline: 'none',
                  bgcolor: 'transparent',
                  color: 'text.primary',
                  font: 'inherit',
                  fontSize: 15,
                  lineHeight: '20px',
                  px: 1.75,
                  py: '7px',
                  boxSizing: 'border-box',
                  minHeight: AREA_MIN,
                  maxHeight: AREA_MAX,
                  height: AREA_MIN,
                  overflowY: 'auto',
                  '&::placeholder': { color: 'text.secondary', opacity: 1 },
                  '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
                }}
              />
            </Box>
            <Tooltip title="Send">
              <span>
                <IconButton
                  type="submit"
                  disabled={busy || disabled}
                  aria-label="Send message"
                  data-testid="chat-send"
                  sx={(t) => ({
                    width: 40,
                    height: 40,
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    '&:hover': { bgcolor: t.palette.primary.dark },
                    '&.Mui-disabled': { bgcolor: alpha(t.palette.primary.main, 0.4), color: alpha(t.palette.primary.contrastText, 0.7) },
                  })}
                >
                  {busy ? <CircularProgress size={18} color="inherit" aria-label="Sending" /> : <SendRounded fontSize="small" />}
                </IconButton>
              </span>
            </Tooltip>
          </>
        )}
      </Box>
      {(error || note) && !closedText && (
        <Typography
          id={error ? errorId : undefined}
          variant="caption"
          role={error ? 'alert' : undefined}
          color={error ? 'error' : 'text.secondary'}
          data-testid={error ? 'chat-input-error' : 'chat-input-note'}
          sx={{ display: 'block', mt: 0.5, px: onTip || onAttach ? { xs: 1, sm: onAttach && onTip ? 13 : 7 } : 1.5 }}
        >
          {error ?? note}
        </Typography>
      )}
    </Box>
  );
}
