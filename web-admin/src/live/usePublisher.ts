// The publisher's side of a live session, apart from how it looks: camera and microphone first, then
// POST /api/stream/start_stream, Janus through the relay as the publisher with the API's token
// (web-shared/live/janus.ts), POST set_stream_data with the feed; the viewer count and tip total from their frames,
// STOP_CAMERA_AUDIO (the session ended elsewhere) stops the camera and microphone, and switching a device replaces
// the published track. The comments are in the read cache (useLiveComments).
import { useCallback, useEffect, useRef, useState } from 'react';
import { browserJanusEnv, JanusError, publishStream, WEBRTC_ERROR, type Publisher } from '../../../web-shared/live/janus';
import { elapsedSince, mergeComments, newTabToken, STREAM_ALREADY_STARTED, type LiveComment } from '../../../domain/live-client/rules';
import type { ApiRequestError } from '../api';
import { useLiveQuery, useQueryClient } from '../query';
import { useFrame } from '../realtime';
import { liveApi, type StartedLive } from './api';

export type Phase = 'camera' | 'starting' | 'connecting' | 'live' | 'ended' | 'error';

const stopTracks = (s: MediaStream | null) => s?.getTracks().forEach((t) => t.stop());

/**
 * The session's comments, read once it started (and after a gap in the live connection) and kept in the read
 * cache; each GROUP_MESSAGE frame of this session is merged into it, and a read merges into what frames brought.
 */
export function useLiveComments(sessionId: string | null): LiveComment[] {
  const client = useQueryClient();
  const key = ['live', 'comments', sessionId];
  const query = useLiveQuery(key, async () => mergeComments(client.getQueryData<LiveComment[]>(key) ?? [], (await liveApi.messages()).messages), { enabled: !!sessionId });
  useFrame<LiveComment & { sessionId?: string }>('GROUP_MESSAGE', (d) => {
    if (d.sessionId === sessionId) client.setQueryData<LiveComment[]>(key, (list) => mergeComments(list ?? [], [d]));
  });
  return query.data ?? [];
}

export function usePublisher({ isGroup, userId, onDone }: { isGroup: boolean; userId?: string; onDone: () => void }) {
  const [phase, setPhase] = useState<Phase>('camera');
  const [problem, setProblem] = useState<string | null>(null);
  const [started, setStarted] = useState<StartedLive | null>(null);
  const [viewers, setViewers] = useState(0);
  const [tipTotalCents, setTipTotalCents] = useState(0);
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [mics, setMics] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState('');
  const [micId, setMicId] = useState('');
  const [now, setNow] = useState(() => Date.now());
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const publisher = useRef<Publisher | null>(null);
  const ended = useRef(false);
  const sessionId = started?.sessionId ?? null;

  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);

  // Camera and microphone first, then the session and Janus.
  useEffect(() => {
    let cancelled = false;
    const go = async () => {
      let media: MediaStream;
      try {
        media = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' }, audio: true });
      } catch (e) {
        if (cancelled) return;
        setProblem(`The camera or microphone could not be opened: ${(e as Error).message || 'permission denied'}.`);
        setPhase('error');
        return;
      }
      if (cancelled) return stopTracks(media);
      stream.current = media;
      if (video.current) video.current.srcObject = media;
      navigator.mediaDevices
        .enumerateDevices()
        .then((list) => {
          if (cancelled) return;
          setCameras(list.filter((d) => d.kind === 'videoinput'));
          setMics(list.filter((d) => d.kind === 'audioinput'));
          setCameraId(media.getVideoTracks()[0]?.getSettings().deviceId ?? '');
          setMicId(media.getAudioTracks()[0]?.getSettings().deviceId ?? '');
        })
        .catch(() => undefined);
      setPhase('starting');
      let s: StartedLive;
      try {
        s = await liveApi.start({ isGroupLiveStream: isGroup, ...(userId ? { userId } : {}), tabToken: newTabToken() });
      } catch (e) {
        if (cancelled) return;
        const err = e as ApiRequestError;
        setProblem(err.code === 'STREAM_ALREADY_STARTED' ? STREAM_ALREADY_STARTED : err.message || 'The live stream could not start.');
        setPhase('error');
        stopTracks(media);
        return;
      }
      if (cancelled) return;
      setStarted(s);
      setPhase('connecting');
      liveApi
        .current()
        .then(({ session }) => {
          if (cancelled || !session || session.sessionId !== s.sessionId) return;
          setViewers(session.viewers);
          if (typeof session.tipTotalCents === 'number') setTipTotalCents(session.tipTotalCents);
        })
        .catch(() => undefined);
      try {
        const env = { ...browserJanusEnv(window.location.origin), url: `${browserJanusEnv(window.location.origin).url}?app=console` };
        const p = await publishStream(env, {
          room: s.room,
          token: s.streamToken,
          stream: media,
          onState: (state, err) => {
            if (cancelled || ended.current) return;
            if (state === 'live') setPhase('live');
            if (state === 'error' || state === 'ended') {
              setProblem(err?.userMessage ?? WEBRTC_ERROR);
              setPhase('error');
            }
          },
        });
        if (cancelled) return p.close();
        publisher.current = p;
        await liveApi.setStreamData({ room: s.room, pubId: p.feedId, pubPvtId: p.privateId });
      } catch (e) {
        if (cancelled) return;
        setProblem(e instanceof JanusError ? e.userMessage : (e as Error).message || WEBRTC_ERROR);
        setPhase('error');
      }
    };
    void go();
    return () => {
      cancelled = true;
      publisher.current?.close();
      publisher.current = null;
      stopTracks(stream.current);
      stream.current = null;
    };
  }, [isGroup, userId]);

  const finish = useCallback(
    async (stop: boolean) => {
      ended.current = true;
      publisher.current?.close();
      publisher.current = null;
      stopTracks(stream.current);
      stream.current = null;
      setPhase('ended');
      if (stop) await liveApi.stop().catch(() => undefined);
      onDone();
    },
    [onDone],
  );

  useFrame<{ sessionId?: string; count?: number }>('SET_VIEWER', (d) => {
    if (d.sessionId === sessionId && typeof d.count === 'number') setViewers(d.count);
  });
  useFrame<{ sessionId?: string; totalCents?: number }>('SET_TIP_AMOUNT', (d) => {
    if (d.sessionId === sessionId && typeof d.totalCents === 'number') setTipTotalCents(d.totalCents);
  });
  // The session ended elsewhere (another tab, an admin, the wallet): stop the camera and the microphone.
  useFrame<{ sessionId?: string }>('STOP_CAMERA_AUDIO', (d) => {
    if (!sessionId || !d.sessionId || d.sessionId === sessionId) void finish(false);
  });
  const switchDevice = async (kind: 'video' | 'audio', deviceId: string | null, facingMode?: 'user' | 'environment') => {
    const media = stream.current;
    if (!media) return;
    try {
      const constraints: MediaTrackConstraints = deviceId ? { deviceId: { exact: deviceId } } : { facingMode };
      const fresh = await navigator.mediaDevices.getUserMedia(kind === 'video' ? { video: constraints } : { audio: constraints });
      const track = fresh.getTracks()[0];
      const old = kind === 'video' ? media.getVideoTracks()[0] : media.getAudioTracks()[0];
      await publisher.current?.replaceTrack(track);
      if (old) {
        media.removeTrack(old);
        old.stop();
      }
      media.addTrack(track);
      if (video.current) video.current.srcObject = media;
    } catch (e) {
      setProblem(`The ${kind === 'video' ? 'camera' : 'microphone'} could not be switched: ${(e as Error).message}`);
    }
  };

  const elapsed = elapsedSince(started?.startedAt, now);
  const onAir = phase === 'connecting' || phase === 'live';
  const comments = useLiveComments(sessionId);
  return { video, phase, problem, started, viewers, tipTotalCents, comments, cameras, mics, cameraId, setCameraId, micId, setMicId, elapsed, onAir, finish, switchDevice };
}
