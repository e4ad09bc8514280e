import { connect, mapReadPretty } from '@formily/react';
import { Input, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { checkCron, CRON_PARTS, type CronProblem } from '../cron/cronExpression';
import type { Translate } from '../RuntimeInstance';
import { useFieldText } from './useFieldText';

export interface CronInputProps {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
}

function problemText(problem: CronProblem, t: Translate): string {
  const part = 'part' in problem ? t(`cron.parts.${problem.part}`) : '';
  return t(`cron.problem.${problem.code}`, { ...problem, part });
}

/** Each of the seven parts under its name, so a long expression reads part by part. */
function CronParts({ value, t }: { value: string; t: Translate }) {
  const texts = value.trim().split(/\s+/);
  return (
    <Space size={12} wrap>
      {CRON_PARTS.map((part, i) => (
        <span key={part.name} data-cron-part={part.name}>
          <Typography.Text type="secondary">{t(`cron.parts.${part.name}`)}</Typography.Text> {texts[i] ?? ''}
        </span>
      ))}
    </Space>
  );
}

function CronEditor({ value = '', onChange, disabled, placeholder }: CronInputProps) {
  const t = useFieldText();
  const problems = useMemo(() => (value.trim() === '' ? [] : checkCron(value)), [value]);
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Input
        value={value}
        disabled={disabled}
        placeholder={placeholder ?? t('cron.placeholder')}
        status={problems.length ? 'error' : undefined}
        onChange={(e) => onChange?.(e.target.value)}
      />
      {value.trim() !== '' && <CronParts value={value} t={t} />}
      {problems.map((problem, i) => (
        <Typography.Text key={i} type="danger" role="alert">
          {problemText(problem, t)}
        </Typography.Text>
      ))}
    </Space>
  );
}

function CronView({ value }: { value?: string }) {
  return <code>{value ?? ''}</code>;
}

/** A seven-part schedule expression (second … year) with each part named and every range problem shown. */
export const CronInput = connect(CronEditor, mapReadPretty(CronView));
