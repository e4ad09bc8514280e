/** One open /websocket/{userId} connection as the hub sees it. */
export interface NoticeSocket {
  userId: string;
  /** the session the socket was opened with (a forced sign-out of one session closes only its sockets) */
  sessionId?: string;
  /** the tenants the user belonged to when the socket opened */
  tenantIds: readonly number[];
  send(text: string): void;
  /** tells the page its session ended and closes the socket */
  signOut(): void;
}

export interface NoticeHub {
  /** registers a socket; the returned function removes it */
  add(socket: NoticeSocket): () => void;
  /** users with an open socket that belong to the tenant */
  usersIn(tenantId: number): string[];
  /** sends the text to every socket of these users that belongs to the tenant (nobody else's) */
  deliver(userIds: Iterable<string>, tenantId: number, text: string): number;
  /** signs out and closes every socket of the user (forced offline), in every tenant; returns how many */
  signOut(userId: string, sessionId?: string): number;
  /** open sockets (tests, health) */
  size(): number;
}

/** This process's notice sockets by user: a user may have several (tabs, devices). */
export function createNoticeHub(): NoticeHub {
  const byUser = new Map<string, Set<NoticeSocket>>();
  const inTenant = (socket: NoticeSocket, tenantId: number) => socket.tenantIds.includes(tenantId);
  return {
    add(socket) {
      let sockets = byUser.get(socket.userId);
      if (!sockets) byUser.set(socket.userId, (sockets = new Set()));
      sockets.add(socket);
      return () => {
        sockets.delete(socket);
        if (sockets.size === 0 && byUser.get(socket.userId) === sockets) byUser.delete(socket.userId);
      };
    },
    usersIn(tenantId) {
      return [...byUser].filter(([, sockets]) => [...sockets].some((s) => inTenant(s, tenantId))).map(([userId]) => userId);
    },
    deliver(userIds, tenantId, text) {
      let sent = 0;
      for (const userId of new Set(userIds)) {
        for (const socket of byUser.get(userId) ?? []) {
          if (!inTenant(socket, tenantId)) continue;
          socket.send(text);
          sent++;
        }
      }
      return sent;
    },
    signOut(userId, sessionId) {
      // a copy: each socket's close handler removes it from the set
      const sockets = [...(byUser.get(userId) ?? [])].filter((socket) => sessionId === undefined || socket.sessionId === sessionId);
      for (const socket of sockets) socket.signOut();
      return sockets.length;
    },
    size: () => [...byUser.values()].reduce((n, sockets) => n + sockets.size, 0),
  };
}
