import { CloseOutlined } from '@ant-design/icons';
import { connect, mapReadPretty } from '@formily/react';
import { Button, Col, List, Row } from 'antd';
import { toValue } from './picker/pickedValue';
import { PickerModal } from './picker/PickerModal';
import { PickerTrigger } from './picker/PickerTrigger';
import { RecordPickerView } from './picker/RecordPickerField';
import { RecordTreeView } from './picker/RecordTreeView';
import { useTreePicker } from './picker/useTreePicker';
import { useFieldText } from './useFieldText';

/** spec 000 §2: the organisation dialog is 800 px wide */
export const ORGANIZE_PICKER_WIDTH = 800;

export interface OrganizePickerProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  model?: string;
  labelField?: string;
  parentField?: string;
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

function OrganizeInput({
  value,
  onChange,
  model = 'system.depart',
  labelField = 'departName',
  parentField = 'parentId',
  multiple = true,
  disabled,
  placeholder,
}: OrganizePickerProps) {
  const t = useFieldText();
  const { open, setOpen, tree, ids, checked, setChecked, labels } = useTreePicker({ value, model, labelField, parentField });
  return (
    <>
      <PickerTrigger
        ids={ids}
        labels={labels}
        multiple={multiple}
        disabled={disabled}
        placeholder={placeholder ?? t('organize.placeholder')}
        onOpen={() => setOpen(true)}
        onChange={(next) => onChange?.(toValue(next))}
      />
      <PickerModal
        open={open}
        title={t('organize.title')}
        width={ORGANIZE_PICKER_WIDTH}
        onOk={() => {
          onChange?.(toValue(checked));
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      >
        <Row gutter={16}>
          <Col span={12}>
            <RecordTreeView tree={tree} multiple={multiple} checked={checked} onCheck={setChecked} searchPlaceholder={t('organize.search')} />
          </Col>
          <Col span={12}>
            <List
              size="small"
              bordered
              header={
                <Row justify="space-between" align="middle">
                  <span>
                    {t('picker.selected')} ({checked.length})
                  </span>
                  <Button type="link" size="small" onClick={() => setChecked([])}>
                    {t('picker.clearList')}
                  </Button>
                </Row>
              }
              dataSource={checked}
              renderItem={(id) => (
                <List.Item
                  actions={[
                    <Button
                      key="remove"
                      type="text"
                      size="small"
                      icon={<CloseOutlined />}
                      aria-label={t('upload.remove')}
                      onClick={() => setChecked((current) => current.filter((item) => item !== id))}
                    />,
                  ]}
                >
                  {labels[id] ?? id}
                </List.Item>
              )}
            />
          </Col>
        </Row>
      </PickerModal>
    </>
  );
}

const OrganizeView = ({ value, model = 'system.depart', labelField = 'departName' }: OrganizePickerProps) => (
  <RecordPickerView value={value} model={model} labelField={labelField} />
);

/** The organisation picker ('组织选择'): the tree on the left, the chosen list ('已选', '清空列表') on the right. */
export const OrganizePicker = connect(OrganizeInput, mapReadPretty(OrganizeView));
