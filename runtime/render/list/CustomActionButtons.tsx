import { Button, Popconfirm } from 'antd';
import type { ServedModel } from '../../model/types';
import type { ListActionObject } from '../../model/v2Parts';
import type { Translate } from '../../RuntimeInstance';
import { modelText } from '../modelText';
import type { CustomActionRunner } from './useCustomActions';

export interface CustomActionButtonsProps {
  served: ServedModel;
  actions: ListActionObject[];
  runner: CustomActionRunner;
  t: Translate;
}

/**
 * One toolbar button per object list action; an action with `confirm` asks first (its text is a model text). Row
 * actions are row links (useCustomRowLinks), shown in the actions cell or behind its 更多.
 */
export function CustomActionButtons({ served, actions, runner, t }: CustomActionButtonsProps) {
  return (
    <>
      {actions.map((action) => {
        const label = modelText(served, action.label);
        const button = (
          <Button key={action.key} onClick={action.confirm ? undefined : () => void runner.run(action)}>
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
            onConfirm={() => runner.run(action)}
          >
            {button}
          </Popconfirm>
        );
      })}
    </>
  );
}
