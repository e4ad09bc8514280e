/**
 * What the gallery shows each widget with: its props and a sample value. Widgets missing here get
 * none (the gallery still renders them). The pickers read the system models every install has.
 */
export const WIDGET_SAMPLES: Record<string, { props?: Record<string, unknown>; value?: unknown; type?: string }> = {
  Input: { value: '示例文本' },
  'Input.TextArea': { value: '多行\n文本' },
  NumberPicker: { value: 42, type: 'number' },
  Select: {
    props: {
      options: [
        { label: '甲', value: 'a' },
        { label: '乙', value: 'b' },
      ],
    },
    value: 'a',
  },
  'Radio.Group': {
    props: {
      options: [
        { label: '甲', value: 'a' },
        { label: '乙', value: 'b' },
      ],
    },
    value: 'a',
  },
  Switch: { value: true, type: 'boolean' },
  DatePicker: { value: '2026-01-02' },
  DateTimePicker: { value: '2026-01-02 08:30:00' },
  DateRangePicker: { value: ['2026-01-01', '2026-01-31'], type: 'array' },
  NumberRange: { value: [1, 9], type: 'array' },
  DictSelect: { props: { dictCode: 'enabled_state' }, value: '1' },
  DictRadio: { props: { dictCode: 'enabled_state' }, value: '1' },
  DictTag: { props: { dictCode: 'enabled_state' }, value: '1' },
  Barcode: { value: 'CL2026001' },
  QrCode: { value: 'CL2026001' },
  DataChanges: { value: [{ field: 'fullName', label: '名称', before: '旧', after: '新' }], type: 'array' },
  AmountCapitals: { value: 1234.5, type: 'number' },
  CalcField: { props: { formula: '2 × (3 + 4)' } },
  CronInput: { value: '0 0 12 * * ? *' },
  DictSearchSelect: { props: { dict: 'sys_user,realname,id' } },
  LookupSelect: { props: { url: '/sys/position/select', multiple: true } },
  AreaPicker: { props: { depth: 3 }, value: '110101' },
  FileUpload: {},
  ImageUpload: {},
  ChunkUpload: {},
  SliderVerify: {},
  DataSelect: { props: { model: 'system.user', labelField: 'realname', columns: ['username', 'realname'] } },
  RelationForm: { props: { model: 'system.user', labelField: 'realname', columns: ['username', 'realname'] } },
  BusinessSelect: { props: { model: 'system.user', labelField: 'realname', columns: ['username', 'realname'] } },
  UserSelect: {},
  MultiUserPicker: { props: { model: 'system.user', columns: ['realname', 'username'] } },
  PopupPicker: { props: { code: 'system.depart', sourceFields: 'departName', targetFields: 'value' } },
  ReportPicker: { props: { code: 'labReports.staffByTitle', sourceFields: 'departName', targetFields: 'value', groupId: 'gallery' } },
  DepartPicker: {},
  OrganizePicker: {},
  CategoryTreeSelect: { props: { pcode: 'A01' } },
  DictTreeSelect: { props: { dict: 'sys_category,name,id', pidField: 'pid' } },
  DocumentPreview: { value: 'temp/sample.pdf' },
  MarkdownEditor: { value: '# 标题\n\n正文' },
  RichTextEditor: { value: '<p>富文本<strong>示例</strong></p>' },
  CodeEditor: { props: { language: 'json' }, value: '{\n  "a": 1\n}' },
  EditableTable: {
    props: {
      columns: [
        { key: 'name', title: '名称', validateRules: [{ required: true }, { unique: true }] },
        { key: 'quantity', title: '数量', type: 'inputNumber', statistics: true },
      ],
      rowNumber: true,
      rowSelection: true,
      dragSort: true,
    },
    value: [{ id: 'r1', name: '示例', quantity: 2 }],
    type: 'array',
  },
  ThemeColor: { value: '#13C2C2' },
  PrintModelSelect: { value: 'system.user' },
};

/** Layout containers: they hold fields, they are not fields, so the gallery leaves them out. */
export const LAYOUT_WIDGETS = new Set(['FormItem', 'FormLayout', 'FormGrid', 'FormSection', 'FormTab', 'FormTab.TabPane']);

export const GALLERY_STATES = ['edit', 'readOnly', 'disabled', 'error'] as const;
export type GalleryState = (typeof GALLERY_STATES)[number];
