import { createFieldRegistry, type FieldEntry, type FieldRegistry } from './createFieldRegistry';
import { DictTag } from './DictTag';
import { FormTabPane } from './FormTabPane';
import { lazyField, type FieldComponent } from './lazyField';

// Formily's adapters and the dictionary widgets come in one chunk with the first form (basicFields)
const basic = (pick: (m: typeof import('./basicFields')) => FieldComponent) => lazyField(() => import('./basicFields').then(pick));

/**
 * The built-in widgets, keyed by `x-component` name. Formily's antd adapters are reused where they fit
 * (each already maps a readPretty view); only the dictionary, date-string and range widgets are ours.
 * Every widget that needs Formily loads with the first form (a list page shows none until a dialog opens);
 * the date pickers load on their own first use: they bring rc-picker (~30 KB gzip).
 */
export const defaultFields: Readonly<Record<string, FieldEntry>> = {
  FormItem: basic((m) => m.FormItem),
  FormLayout: basic((m) => m.FormLayout),
  FormGrid: basic((m) => m.FormGrid),
  // form.sections and form.tabs (antd's Card and Tabs): fetched only by forms that use them
  FormSection: lazyField(() => import('./FormSection').then((m) => m.FormSection)),
  FormTab: lazyField(() => import('@formily/antd-v5/esm/form-tab').then((m) => m.FormTab)),
  'FormTab.TabPane': FormTabPane,
  Input: basic((m) => m.Input),
  'Input.TextArea': basic((m) => m.Input.TextArea),
  NumberPicker: basic((m) => m.NumberPicker),
  Select: basic((m) => m.Select),
  'Radio.Group': basic((m) => m.Radio.Group),
  Switch: basic((m) => m.Switch),
  DatePicker: lazyField(() => import('./DatePicker').then((m) => m.DatePicker)),
  DateTimePicker: lazyField(() => import('./DateTimePicker').then((m) => m.DateTimePicker)),
  DateRangePicker: lazyField(() => import('./DateRangePicker').then((m) => m.DateRangePicker)),
  NumberRange: basic((m) => m.NumberRange),
  DictSelect: basic((m) => m.DictSelect),
  DictRadio: basic((m) => m.DictRadio),
  DictTag,
  // the shared widgets of spec 000 §2, each fetched by the first form that names it (jsbarcode, the
  // region data and antd's QRCode/Cascader stay out of screens that never show them)
  Barcode: lazyField(() => import('./Barcode').then((m) => m.Barcode)),
  QrCode: lazyField(() => import('./QrCode').then((m) => m.QrCode)),
  AmountCapitals: lazyField(() => import('./AmountCapitals').then((m) => m.AmountCapitals)),
  CalcField: lazyField(() => import('./CalcField').then((m) => m.CalcField)),
  CronInput: lazyField(() => import('./CronInput').then((m) => m.CronInput)),
  DictSearchSelect: lazyField(() => import('./DictSearchSelect').then((m) => m.DictSearchSelect)),
  LookupSelect: lazyField(() => import('./LookupSelect').then((m) => m.LookupSelect)),
  AreaPicker: lazyField(() => import('./AreaPicker').then((m) => m.AreaPicker)),
  // the data change log's field-level diff (antd's Table): only its detail view needs it
  DataChanges: lazyField(() => import('./DataChanges').then((m) => m.DataChanges)),
  // the sign-in page imports it directly; forms fetch it on first use
  SliderVerify: lazyField(() => import('./SliderVerify').then((m) => m.SliderVerify)),
  FileUpload: lazyField(() => import('./FileUpload').then((m) => m.FileUpload)),
  ImageUpload: lazyField(() => import('./ImageUpload').then((m) => m.ImageUpload)),
  ChunkUpload: lazyField(() => import('./ChunkUpload').then((m) => m.ChunkUpload)),
  // the pickers read any model through its generic endpoints; their dialogs and tables load with them
  // ECharts and the fitting load with the first chart a form shows, never with the sign-in or list pages
  TestChart: lazyField(() => import('./TestChart').then((m) => m.TestChart)),
  DataSelect: lazyField(() => import('./DataSelect').then((m) => m.DataSelect)),
  RelationForm: lazyField(() => import('./RelationForm').then((m) => m.RelationForm)),
  BusinessSelect: lazyField(() => import('./BusinessSelect').then((m) => m.BusinessSelect)),
  UserSelect: lazyField(() => import('./UserSelect').then((m) => m.UserSelect)),
  MultiUserPicker: lazyField(() => import('./MultiUserPicker').then((m) => m.MultiUserPicker)),
  PopupPicker: lazyField(() => import('./PopupPicker').then((m) => m.PopupPicker)),
  ReportPicker: lazyField(() => import('./ReportPicker').then((m) => m.ReportPicker)),
  DepartPicker: lazyField(() => import('./DepartPicker').then((m) => m.DepartPicker)),
  OrganizePicker: lazyField(() => import('./OrganizePicker').then((m) => m.OrganizePicker)),
  CategoryTreeSelect: lazyField(() => import('./CategoryTreeSelect').then((m) => m.CategoryTreeSelect)),
  DictTreeSelect: lazyField(() => import('./DictTreeSelect').then((m) => m.DictTreeSelect)),
  // the editors bring CodeMirror, the markdown renderer and tiptap: only forms naming them fetch them
  DocumentPreview: lazyField(() => import('./DocumentPreview').then((m) => m.DocumentPreview)),
  MarkdownEditor: lazyField(() => import('./MarkdownEditor').then((m) => m.MarkdownEditor)),
  RichTextEditor: lazyField(() => import('./RichTextEditor').then((m) => m.RichTextEditor)),
  CodeEditor: lazyField(() => import('./CodeEditor').then((m) => m.CodeEditor)),
  // the editable table brings its virtualiser and drag and drop: only forms with a table fetch them
  EditableTable: lazyField(() => import('./EditableTable').then((m) => m.EditableTable)),
  // antd's colour picker comes with it
  ThemeColor: lazyField(() => import('./ThemeColor').then((m) => m.ThemeColor)),
  // the print template designer (devPlatform.printDev) and its model choice: only that form fetches them
  PrintTemplateDesigner: lazyField(() => import('./print/PrintTemplateDesigner').then((m) => m.PrintTemplateDesigner)),
  PrintModelSelect: lazyField(() => import('./print/PrintModelSelect').then((m) => m.PrintModelSelect)),
};

/**
 * A registry holding the built-in widgets; register more on it before building the runtime.
 *
 * @example
 * const fields = createDefaultFieldRegistry();
 * fields.register('OrganizeSelect', OrganizeSelect, { origin: 'src/widgets' });
 */
export function createDefaultFieldRegistry(): FieldRegistry {
  return createFieldRegistry(defaultFields, 'runtime/fields/defaultFields');
}
