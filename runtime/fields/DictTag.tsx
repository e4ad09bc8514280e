import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { findDictOption, useDictOptions } from './dict/DictSourceContext';

export interface DictTagViewProps {
  text?: ReactNode;
  color?: string;
}

/** A dictionary text as a coloured tag; nothing for an empty text. Hook-free so table cells stay cheap. */
export function DictTagView({ text, color }: DictTagViewProps) {
  if (text === undefined || text === null || text === '') return null;
  return <Tag color={color}>{text}</Tag>;
}

export interface DictTagProps {
  value?: unknown;
  dictCode?: string;
  /** the server's <field>_dictText, when known */
  text?: string;
}

/** Read-only: the dictionary item of `value` as a tag in the item's colour (also the readPretty of DictSelect/DictRadio). */
export function DictTag({ value, dictCode, text }: DictTagProps) {
  const { options } = useDictOptions(dictCode);
  const option = findDictOption(options, value);
  const shown = text ?? option?.text ?? (value === undefined || value === null ? undefined : String(value));
  return <DictTagView text={shown} color={option?.color} />;
}
