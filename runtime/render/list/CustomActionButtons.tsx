import { Button, Popconfirm } from 'antd';
import type { DataRecord } from '../../data/DataProvider';
import type { ServedModel } from '../../model/types';
import type { ListActionObject } from '../../model/v2Parts';
import type { Translate } from '../../RuntimeInstance';
import { modelText } from '../modelText';
import { rowActionVisible } from './rowActionVisible';
import type { CustomActionRunner } from './useCustomActions';

export interface CustomActionButtonsProps {
  served: ServedModel;
  actions: ListActionObject[];
  runner: CustomActionRunner;
  /** the row of row actions; none for toolbar actions */
  record?: DataRecord;
  t: Translate;
}

/**
 * One button per object list action; an action with `confirm` asks first (its text is a model text). On a
 * row, an action whose visibleWhen (version 14) is false for that row has no button.
 */
export function CustomActionButtons({ served, actions, runner, record, t }: CustomActionButtonsProps) {
  const link = record !== undefined;
  const shown = record === undefined ? actions : actions.filter((action) => rowActionVisible(served, action, record));
  return (
    <>
      {shown.map((action) => {
        const label = modelText(served, action.label);
        const button = (
          <Button
            key={action.key}
            type={link ? 'link' : 'default'}
            size={link ? 'small' : undefined}
            onClick={action.confirm ? undefined : () => void runner.run(action, record)}
          >
            {label}
          </Button>
        );
        if (!action.confirm) return button;
        return (
          <Popconfirm
            key={action.key}
            title={modelText(served, action.confirm)}
            okText={t('action.ok')}
            cancelText={t('action.cancel')}
            onConfirm={() => runner.run(action, record)}
          >
            {button}
          </Popconfirm>
        );
      })}
    </>
  );
}
