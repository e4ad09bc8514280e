import { connect, mapReadPretty } from '@formily/react';
import type { ReportParamValues } from '../data/report/createReportDataProvider';
import { PopupField } from './picker/PopupField';
import type { PopupConfig } from './picker/popupConfig';
import { ReportPickerDialog } from './picker/ReportPickerDialog';

export interface ReportPickerProps extends PopupConfig {
  value?: string;
  onChange?: (value: string | undefined) => void;
  multiple?: boolean;
  /** the report's fixed parameters, sent as self_<name> */
  params?: ReportParamValues;
  /** the popups of one group share the report's pages for 30 s */
  groupId?: string;
  disabled?: boolean;
  placeholder?: string;
}

function ReportInput({ multiple = false, params, groupId, ...props }: ReportPickerProps) {
  return (
    <PopupField
      {...props}
      renderDialog={({ code, onPick, onClose }) => (
        <ReportPickerDialog code={code} multiple={multiple} params={params} groupId={groupId} onPick={onPick} onClose={onClose} />
      )}
    />
  );
}

const ReportView = ({ value }: ReportPickerProps) => <span>{value ?? ''}</span>;

/**
 * The report popup picker (JeecgBoot's j-popup over an online report): choose rows of the report `code`
 * and copy their source fields into the form's target fields.
 */
export const ReportPicker = connect(ReportInput, mapReadPretty(ReportView));
