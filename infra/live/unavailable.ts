// The media server when live streaming cannot run here: status() gives the reason, every other call throws it.
import { LiveMediaUnavailableError, type LiveMediaServer } from './port';

export function unavailableLiveMedia(reason: string): LiveMediaServer {
  const fail = async (): Promise<never> => {
    throw new LiveMediaUnavailableError(reason);
  };
  return {
    status: () => ({ available: false, reason }),
    createRoom: fail,
    allow: fail,
    disallow: fail,
    listParticipants: fail,
    destroyRoom: fail,
    finishRecording: fail,
    close: async () => {},
  };
}
