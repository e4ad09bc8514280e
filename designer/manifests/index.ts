import { dateRangePickerManifest } from './DateRangePicker.manifest';
import { datePickerManifest } from './DatePicker.manifest';
import { dateTimePickerManifest } from './DateTimePicker.manifest';
import { dictRadioManifest } from './DictRadio.manifest';
import { dictSelectManifest } from './DictSelect.manifest';
import { dictTagManifest } from './DictTag.manifest';
import { formGridManifest } from './FormGrid.manifest';
import { formItemManifest } from './FormItem.manifest';
import { formLayoutManifest } from './FormLayout.manifest';
import { formSectionManifest } from './FormSection.manifest';
import { formTabManifest, formTabPaneManifest } from './FormTab.manifest';
import { inputManifest } from './Input.manifest';
import { inputTextAreaManifest } from './Input.TextArea.manifest';
import { numberPickerManifest } from './NumberPicker.manifest';
import { numberRangeManifest } from './NumberRange.manifest';
import { radioGroupManifest } from './Radio.Group.manifest';
import { selectManifest } from './Select.manifest';
import { switchManifest } from './Switch.manifest';
import { barcodeManifest } from './Barcode.manifest';
import { testChartManifest } from './TestChart.manifest';
import { qrCodeManifest } from './QrCode.manifest';
import { amountCapitalsManifest } from './AmountCapitals.manifest';
import { dataChangesManifest } from './DataChanges.manifest';
import { calcFieldManifest } from './CalcField.manifest';
import { cronInputManifest } from './CronInput.manifest';
import { dictSearchSelectManifest } from './DictSearchSelect.manifest';
import { lookupSelectManifest } from './LookupSelect.manifest';
import { areaPickerManifest } from './AreaPicker.manifest';
import { fileUploadManifest } from './FileUpload.manifest';
import { imageUploadManifest } from './ImageUpload.manifest';
import { chunkUploadManifest } from './ChunkUpload.manifest';
import { sliderVerifyManifest } from './SliderVerify.manifest';
import { dataSelectManifest } from './DataSelect.manifest';
import { relationFormManifest } from './RelationForm.manifest';
import { businessSelectManifest } from './BusinessSelect.manifest';
import { userSelectManifest } from './UserSelect.manifest';
import { multiUserPickerManifest } from './MultiUserPicker.manifest';
import { popupPickerManifest } from './PopupPicker.manifest';
import { reportPickerManifest } from './ReportPicker.manifest';
import { departPickerManifest } from './DepartPicker.manifest';
import { organizePickerManifest } from './OrganizePicker.manifest';
import { categoryTreeSelectManifest } from './CategoryTreeSelect.manifest';
import { dictTreeSelectManifest } from './DictTreeSelect.manifest';
import { documentPreviewManifest } from './DocumentPreview.manifest';
import { markdownEditorManifest } from './MarkdownEditor.manifest';
import { richTextEditorManifest } from './RichTextEditor.manifest';
import { codeEditorManifest } from './CodeEditor.manifest';
import { editableTableManifest } from './EditableTable.manifest';
import { themeColorManifest } from './ThemeColor.manifest';
import { printModelSelectManifest } from './PrintModelSelect.manifest';
import { printTemplateDesignerManifest } from './PrintTemplateDesigner.manifest';
import type { WidgetManifest } from './WidgetManifest';
import en from './i18n/en.json';
import zhCN from './i18n/zh-CN.json';
import zhTW from './i18n/zh-TW.json';

export type { PropsSchema, WidgetManifest } from './WidgetManifest';

/** Designer metadata of every built-in widget, one per runtime/fields registration. */
export const widgetManifests: readonly WidgetManifest[] = [
  formItemManifest,
  formLayoutManifest,
  formGridManifest,
  formSectionManifest,
  formTabManifest,
  formTabPaneManifest,
  inputManifest,
  inputTextAreaManifest,
  numberPickerManifest,
  selectManifest,
  radioGroupManifest,
  switchManifest,
  datePickerManifest,
  dateTimePickerManifest,
  dateRangePickerManifest,
  numberRangeManifest,
  dictSelectManifest,
  dictRadioManifest,
  dictTagManifest,
  barcodeManifest,
  testChartManifest,
  qrCodeManifest,
  amountCapitalsManifest,
  dataChangesManifest,
  calcFieldManifest,
  cronInputManifest,
  dictSearchSelectManifest,
  lookupSelectManifest,
  areaPickerManifest,
  fileUploadManifest,
  imageUploadManifest,
  chunkUploadManifest,
  sliderVerifyManifest,
  dataSelectManifest,
  relationFormManifest,
  businessSelectManifest,
  userSelectManifest,
  multiUserPickerManifest,
  popupPickerManifest,
  reportPickerManifest,
  departPickerManifest,
  organizePickerManifest,
  categoryTreeSelectManifest,
  dictTreeSelectManifest,
  documentPreviewManifest,
  markdownEditorManifest,
  richTextEditorManifest,
  codeEditorManifest,
  editableTableManifest,
  themeColorManifest,
  printTemplateDesignerManifest,
  printModelSelectManifest,
];

/** The i18next namespace of the manifests' titles. */
export const DESIGNER_NAMESPACE = 'designer';
export const manifestResources = { 'zh-CN': zhCN, en, 'zh-TW': zhTW };
