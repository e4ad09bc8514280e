/**
 * A published or revoked announcement, as the servers of one database tell each other. Recipients
 * are not in it: each server looks up those of its own connected users (a list of ids could exceed
 * what one notification may carry).
 */
/** An announcement published or revoked: the sockets that may see it reload their lists. */
export interface AnnouncementNotice {
  tenantId: number;
  /** the announcement */
  msgId: string;
  /** 'topic': every user of the tenant (msgType ALL); 'user': the announcement's chosen users */
  cmd: 'topic' | 'user';
  /** the announcement's title */
  msgTxt: string;
}

/** A user was forced offline: every server closes that user's sockets at once (their sessions are already revoked). */
export interface SignOutNotice {
  cmd: 'signout';
  userId: string;
  /** only this session's sockets (one session forced offline); every session's when absent */
  sessionId?: string;
}

/**
 * A live-table row update (/vxeSocket): every server passes it to its own sockets of the tenant's page;
 * the server it came from (`origin`) has already done so. `frame` is the rebuilt frame the peers receive.
 */
export interface TableNotice {
  cmd: 'table';
  tenantId: number;
  pageId: string;
  origin: string;
  frame: string;
}

export type NoticeMessage = AnnouncementNotice | SignOutNotice | TableNotice;

export interface NoticeNotifier {
  /** called after the change has committed; every server (this one included) hears it once */
  publish(message: NoticeMessage): Promise<void>;
  close(): Promise<void>;
}

export interface NoticeChannelHandlers {
  onMessage: (message: NoticeMessage) => void;
  warn: (message: string, error?: unknown) => void;
}

/** Opens the notice channel of one database (server/db/dialects/<name>/noticeChannel.ts). */
export type OpenNoticeChannel = (handlers: NoticeChannelHandlers) => Promise<NoticeNotifier>;
