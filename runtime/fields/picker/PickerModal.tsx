import { Modal, type ModalProps } from 'antd';
import { useFieldText } from '../useFieldText';

/**
 * The modal of every picker: 确认 and 关闭 (spec 000 §4 'Other modals show 关闭 and 确认'), not closed
 * by a click on the mask, its content dropped when hidden so a reopened picker starts fresh.
 */
export function PickerModal(props: Pick<ModalProps, 'open' | 'title' | 'width' | 'onOk' | 'onCancel' | 'children'>) {
  const t = useFieldText();
  return <Modal {...props} maskClosable={false} destroyOnHidden okText={t('picker.ok')} cancelText={t('picker.cancel')} />;
}
