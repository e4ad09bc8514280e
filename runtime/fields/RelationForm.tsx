import { connect, mapReadPretty } from '@formily/react';
import { Alert } from 'antd';
import { RecordPickerField, RecordPickerView } from './picker/RecordPickerField';
import { useFieldText } from './useFieldText';

/** the popup's width and page size, as the data selection dialog's (spec 000 §9) */
const RELATION_WIDTH = 800;
const RELATION_PAGE_SIZE = 20;

export interface RelationFormProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** the referenced model: the entity field's `ref`, passed in by the form (runtime/render/form/defaultComponent.ts) */
  model?: string;
  /** the referenced model's field shown for a chosen record: the entity field's `refLabel` (default: the id) */
  labelField?: string;
  /** several records, their ids comma-joined: the entity field's `multiple` */
  multiple?: boolean;
  /** the fields of the popup's table (JNPF's columnOptions); default: the display field */
  columns?: string[];
  paged?: boolean;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
}

function RelationInput({
  value,
  onChange,
  model,
  labelField = 'id',
  multiple = false,
  columns,
  paged = true,
  disabled,
  placeholder,
  ...rest
}: RelationFormProps) {
  const t = useFieldText();
  if (!model) return <Alert type="error" showIcon message={t('relation.noRef')} />;
  return (
    <span data-relation-form={model} style={{ display: 'block' }}>
      <RecordPickerField
        value={value}
        onChange={(next) => onChange?.(next)}
        model={model}
        labelField={labelField}
        columns={columns && columns.length > 0 ? columns : [labelField]}
        multiple={multiple}
        paged={paged}
        pageSize={RELATION_PAGE_SIZE}
        title={rest['aria-label'] ? t('relation.title', { label: rest['aria-label'] }) : t('picker.selectData')}
        width={RELATION_WIDTH}
        disabled={disabled}
        placeholder={placeholder ?? t('popup.placeholder')}
      />
    </span>
  );
}

function RelationView({ value, model, labelField = 'id' }: RelationFormProps) {
  return model ? <RecordPickerView value={value} model={model} labelField={labelField} /> : <span>{value ?? ''}</span>;
}

/**
 * The relation form (关联表单): a field holding the id (or ids) of records of another model, chosen in a
 * popup list with keyword search and paging, shown by the chosen record's display field. The target
 * comes from the entity field (`ref`, `refLabel`, `multiple`), so the server checks the same facts:
 * every id written must name a record the writer can read (server/engine/refChecks.ts).
 */
export const RelationForm = connect(RelationInput, mapReadPretty(RelationView));
