import type { DataRecord } from '../../data/DataProvider';

/** One link of a row's actions cell (编辑, 详情, 删除, or a model's own row action such as 重置密码). */
export interface RowLink {
  key: string;
  label: string;
  /** red, as 删除 is */
  danger?: boolean;
  /** asked first (确定删除吗?); the link runs only on OK */
  confirm?: string;
  /** whether it shows on this row (a row action's visibleWhen); on every row without it */
  visible?: (record: DataRecord) => boolean;
  /** may return a promise: a confirm's OK button spins until it settles */
  run(record: DataRecord): unknown;
}

/**
 * How many of a row's links show side by side before the rest fold into 更多, unless the list says
 * (`list.rowLinks`, version 17); JeecgBoot's TableAction shows a few links and a 更多 dropdown. 用户管理's six links (编辑 详情 删除 重置密码 解除锁定 强制下线) made an actions
 * column of about 500 px in English.
 */
export const INLINE_ROW_LINKS = 3;

export interface FoldedRowLinks {
  inline: RowLink[];
  /** behind 更多; empty when every link shows */
  more: RowLink[];
}

/**
 * A list's row links split into those shown and those behind 更多: the first `inline` show, the rest fold, unless
 * only one would (a 更多 holding one link takes that link's room and hides it). The split is the list's, not each
 * row's, so a link keeps its place from row to row; a row hides what it does not show (visibleWhen) on its own.
 *
 * @example
 * foldRowLinks([edit, detail, remove, print]).more; // → [] (four links show)
 * foldRowLinks([edit, detail, remove, reset, unlock, offline]).more; // → [reset, unlock, offline]
 */
export function foldRowLinks(links: readonly RowLink[], inline: number = INLINE_ROW_LINKS): FoldedRowLinks {
  if (links.length <= inline + 1) return { inline: [...links], more: [] };
  return { inline: links.slice(0, inline), more: links.slice(inline) };
}

/** The links of `links` this row shows. */
export function shownOn(links: readonly RowLink[], record: DataRecord): RowLink[] {
  return links.filter((link) => link.visible?.(record) ?? true);
}
