import type { HttpClient } from '../../runtime/data/HttpClient';

/** One announcement as the bell and the detail dialog read it (api-contract.md "Announcements and sockets"). */
export interface NoticeItem {
  id: string;
  /** spelled so by the contract */
  titile: string;
  msgContent: string | null;
  sender: string | null;
  sendTime: string | null;
  createTime: string;
  priority: 'L' | 'M' | 'H' | string;
  openType: 'component' | 'url' | string | null;
  openPage: string | null;
  busId: string | null;
  msgCategory: '1' | '2' | string;
  readFlag?: '0' | '1' | string;
}

export interface UnreadNotices {
  anntMsgList: NoticeItem[];
  anntMsgTotal: number;
  sysMsgList: NoticeItem[];
  sysMsgTotal: number;
}

export interface NoticePage {
  records: NoticeItem[];
  total: number;
  current: number;
  size: number;
}

export interface NoticeApi {
  /** `loud`: errors take the usual path (a 401 signs the page out) instead of being kept quiet */
  unread(loud?: boolean): Promise<UnreadNotices>;
  markRead(anntId: string): Promise<void>;
  byId(id: string): Promise<NoticeItem>;
  mine(query: { pageNo: number; pageSize: number; titile?: string }): Promise<NoticePage>;
  readAll(): Promise<void>;
}

/**
 * The user's notice calls. The poll and the socket-triggered reloads are silent: a notice failure
 * stops the poll without a toast (spec 000 §8 "Notice load failure: polling stops silently").
 */
export function createNoticeApi(http: HttpClient): NoticeApi {
  return {
    unread: async (loud = false) => (await http.get<UnreadNotices>('/sys/annountCement/listByUser', undefined, { silent: !loud })).data,
    markRead: async (anntId) => void (await http.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId }, { silent: true })),
    byId: async (id) => (await http.get<NoticeItem>('/sys/annountCement/queryById', { id })).data,
    mine: async (query) => (await http.get<NoticePage>('/sys/sysAnnouncementSend/getMyAnnouncementSend', query)).data,
    readAll: async () => void (await http.put('/sys/sysAnnouncementSend/readAll')),
  };
}
