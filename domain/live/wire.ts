// What the live calls answer, as both apps read them: the session on air (GET /api/stream/current) and who is
// watching it (GET /api/stream/viewers).

/** One viewer: a fan with `count` connections (several tabs or devices count once, with a badge). */
export interface ViewerEntry {
  _id: string;
  name: string;
  avatarUrl: string | null;
  count: number;
}

export interface ViewersAnswer {
  sessionId: string;
  count: number;
  userList: ViewerEntry[];
}

/**
 * A billed one-to-one as the fan's screen shows it (GET /api/stream/current `call`): the price, what was charged so
 * far, the call time of the stretches that ended (`callSeconds`) and the one running since `billingSince` (null: the
 * call time is not running — the fan or the creator is not connected), on the server's clock at `serverNow`.
 */
export interface LiveCall {
  pricePerMinuteCents: number;
  minutesCharged: number;
  chargedCents: number;
  callSeconds: number;
  billingSince: string | null;
  serverNow: string;
  walletBalanceCents: number;
}

/** The live session on air that the caller may see (GET /api/stream/current). */
export interface CurrentLive {
  sessionId: string;
  isGroup: boolean;
  userId: string | null;
  publisherId: string;
  publisherName: string;
  startedAt: string;
  viewers: number;
  isJoined: boolean;
  isPublisher: boolean;
  pricePerMinuteCents: number;
  /** Staff: the tips of this session so far. */
  tipTotalCents?: number;
  /** The publisher's Janus feed, once the camera is up (null before). */
  pubId?: string | number | null;
  /** A paid one-to-one, to its fan: the price, what was charged, the call time, the wallet balance. */
  call?: LiveCall;
}
