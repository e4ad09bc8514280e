import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { NOTICE_NAMESPACE } from './noticeTexts';

/** Spec 000 §2: L 'general message' blue, M 'important message' orange, H 'urgent message' red. */
const COLOURS: Record<string, string> = { L: 'blue', M: 'orange', H: 'red' };

export function PriorityTag({ priority }: { priority: string }) {
  const { t } = useTranslation(NOTICE_NAMESPACE);
  const colour = COLOURS[priority];
  if (!colour) return null;
  return <Tag color={colour}>{t(`priority.${priority}`)}</Tag>;
}
