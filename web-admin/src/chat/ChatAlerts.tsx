// A sound and a desktop notification for a fan's new chat message while the console is open (alertRules.ts says
// when). Mounted once in the layout; the switch sits on the chat page. Turning it on is the user gesture that asks
// for the Notification permission and unlocks the sound; the choice is kept in this browser.
import { useSyncExternalStore } from 'react';
import { FormControlLabel, Switch, Tooltip } from '@mui/material';
import { useBasename } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useFrame } from '../realtime';
import { ALERTS_KEY, alertText, shouldAlert } from './alertRules';

let enabled = readEnabled();
let openFanId: string | null = null;
let audio: AudioContext | null = null;
const listeners = new Set<() => void>();

function readEnabled(): boolean {
  try {
    return window.localStorage.getItem(ALERTS_KEY) === 'on';
  } catch {
    return false;
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** The conversation on screen (the chat page tells it; null when none is open). */
export function setOpenChat(fanId: string | null) {
  openFanId = fanId;
}

async function setEnabled(on: boolean) {
  enabled = on;
  try {
    window.localStorage.setItem(ALERTS_KEY, on ? 'on' : 'off');
  } catch {
    /* private mode: the choice lasts this page */
  }
  listeners.forEach(l => l());
  if (!on) return;
  // Within the click: the browser allows sound and asks for the permission only on a user gesture.
  audio ??= typeof AudioContext === 'function' ? new AudioContext() : null;
  void audio?.resume().catch(() => undefined);
  if (typeof Notification === 'function' && Notification.permission === 'default') await Notification.requestPermission().catch(() => 'denied');
}

/** A short two-note chime (no audio file to load). */
function chime() {
  if (!audio || audio.state !== 'running') return;
  const now = audio.currentTime;
  [880, 1320].forEach((hz, i) => {
    const osc = audio!.createOscillator();
    const gain = audio!.createGain();
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, now + i * 0.12);
    gain.gain.exponentialRampToValueAtTime(0.18, now + i * 0.12 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.25);
    osc.connect(gain).connect(audio!.destination);
    osc.start(now + i * 0.12);
    osc.stop(now + i * 0.12 + 0.3);
  });
}

/** Listens for new fan messages anywhere in the console. */
export function ChatAlerts() {
  const basename = useBasename();
  const navigate = useNavigate();
  useFrame('MESSAGE_RECEIVE', data => {
    if (!shouldAlert(data, { enabled, hidden: document.hidden, openFanId })) return;
    chime();
    if (typeof Notification !== 'function' || Notification.permission !== 'granted') return;
    const { title, body } = alertText(data);
    const fanId = String(data.fanId);
    try {
      const n = new Notification(title, { body, tag: `chat-${fanId}` });
      n.onclick = () => {
        window.focus();
        navigate(`${basename}/private-chat/${encodeURIComponent(fanId)}`);
        n.close();
      };
    } catch {
      /* a browser that only notifies from a service worker */
    }
  });
  return null;
}

/** The chat page's on/off switch. */
export function ChatAlertsSwitch() {
  const on = useSyncExternalStore(subscribe, () => enabled, () => false);
  const denied = typeof Notification === 'function' && Notification.permission === 'denied';
  return (
    <Tooltip title={denied && on ? 'Sound only: this browser blocks notifications for the console.' : 'A sound and a desktop notification when a fan writes while this tab is in the background or another chat is open.'}>
      <FormControlLabel
        control={<Switch size="small" checked={on} onChange={(_, v) => void setEnabled(v)} slotProps={{ input: { 'data-testid': 'chat-alerts-switch', 'aria-label': 'Message alerts' } as object }} />}
        label="Alerts"
        sx={{ mr: 0, '& .MuiFormControlLabel-label': { fontSize: 14 } }}
      />
    </Tooltip>
  );
}
