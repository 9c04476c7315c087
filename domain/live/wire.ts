// What GET /api/stream/viewers answers, as both apps read it: who is watching the live session now.

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
