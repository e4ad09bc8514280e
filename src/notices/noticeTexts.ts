import type { i18n as I18n } from 'i18next';
import type { Lang } from '../../runtime/model/types';

/** The notice bell's i18next namespace (its own bundle: the bell loads with the layout, not the sign-in page). */
export const NOTICE_NAMESPACE = 'notice';

const zhCN = {
  bell: '消息通知',
  announcements: '通知({{count}})',
  systemMessages: '系统消息({{count}})',
  viewMore: '查看更多',
  empty: '暂无消息',
  priority: { L: '一般消息', M: '重要消息', H: '紧急消息' },
  publishedAt: '发布时间：{{time}}',
  detailTitle: '通知消息',
  title: '标题',
  sender: '发布人',
  sendTime: '发布时间',
  content: '内容',
  handle: '去处理',
  close: '关闭',
  myTitle: '我的消息',
  category: '消息类型',
  categories: { '1': '通知公告', '2': '系统消息' },
  priorityLabel: '优先级',
  readState: '阅读状态',
  read: '已读',
  unread: '未读',
  actions: '操作',
  view: '查看',
  readAll: '全部标注已读',
  search: '查询',
  reset: '重置',
  total: '共{{total}}条',
};

type NoticeTexts = typeof zhCN;

const en: NoticeTexts = {
  bell: 'Notices',
  announcements: 'Notices ({{count}})',
  systemMessages: 'System messages ({{count}})',
  viewMore: 'View more',
  empty: 'No messages',
  priority: { L: 'General message', M: 'Important message', H: 'Urgent message' },
  publishedAt: 'Published {{time}}',
  detailTitle: 'Notice',
  title: 'Title',
  sender: 'Sender',
  sendTime: 'Published at',
  content: 'Content',
  handle: 'Go and handle',
  close: 'Close',
  myTitle: 'My announcements',
  category: 'Category',
  categories: { '1': 'Announcement', '2': 'System message' },
  priorityLabel: 'Priority',
  readState: 'Read state',
  read: 'Read',
  unread: 'Unread',
  actions: 'Actions',
  view: 'View',
  readAll: 'Mark all read',
  search: 'Search',
  reset: 'Reset',
  total: 'Total {{total}} items',
};

const zhTW: NoticeTexts = {
  bell: '消息通知',
  announcements: '通知({{count}})',
  systemMessages: '系統消息({{count}})',
  viewMore: '查看更多',
  empty: '暫無消息',
  priority: { L: '一般消息', M: '重要消息', H: '緊急消息' },
  publishedAt: '發佈時間：{{time}}',
  detailTitle: '通知消息',
  title: '標題',
  sender: '發佈人',
  sendTime: '發佈時間',
  content: '內容',
  handle: '去處理',
  close: '關閉',
  myTitle: '我的消息',
  category: '消息類型',
  categories: { '1': '通知公告', '2': '系統消息' },
  priorityLabel: '優先級',
  readState: '閱讀狀態',
  read: '已讀',
  unread: '未讀',
  actions: '操作',
  view: '查看',
  readAll: '全部標註已讀',
  search: '查詢',
  reset: '重置',
  total: '共{{total}}條',
};

export const noticeResources: Record<Lang, NoticeTexts> = { 'zh-CN': zhCN, en, 'zh-TW': zhTW };

/** Adds the namespace once per i18n instance (idempotent: every bell and page calls it before rendering). */
export function ensureNoticeTexts(i18n: I18n): void {
  for (const [lang, texts] of Object.entries(noticeResources)) {
    if (!i18n.hasResourceBundle(lang, NOTICE_NAMESPACE)) i18n.addResourceBundle(lang, NOTICE_NAMESPACE, texts, true, false);
  }
}

/** The title of /isps/userAnnouncement (its tab and the document title: it is no menu item). */
export function myAnnouncementsTitle(i18n: I18n): string {
  ensureNoticeTexts(i18n);
  return i18n.t('myTitle', { ns: NOTICE_NAMESPACE });
}
