import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { connect, mapReadPretty } from '@formily/react';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Space, Tooltip, Upload } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { checkImage } from '../upload/uploadRules';
import { readDataUrl } from './editor/readDataUrl';
import { useFieldText } from './useFieldText';

/** spec 000 §2: the rich-text editor is 300 px high */
export const RICH_TEXT_HEIGHT = 300;

export interface RichTextEditorProps {
  value?: string;
  onChange?: (value: string) => void;
  height?: number;
  disabled?: boolean;
}

const extensions = [StarterKit, Image.configure({ allowBase64: true })];

function ToolButton({ title, icon, active, onClick, disabled }: { title: string; icon: ReactNode; active?: boolean; onClick(): void; disabled?: boolean }) {
  return (
    <Tooltip title={title}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} aria-label={title} aria-pressed={active} disabled={disabled} onClick={onClick} />
    </Tooltip>
  );
}

function Toolbar({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const t = useFieldText();
  const { message } = App.useApp();
  const chain = () => editor.chain().focus();
  return (
    <Space size={2} wrap style={{ padding: 4, borderBottom: '1px solid #f0f0f0' }}>
      <ToolButton
        title={t('editor.bold')}
        icon={<BoldOutlined />}
        active={editor.isActive('bold')}
        disabled={disabled}
        onClick={() => chain().toggleBold().run()}
      />
      <ToolButton
        title={t('editor.italic')}
        icon={<ItalicOutlined />}
        active={editor.isActive('italic')}
        disabled={disabled}
        onClick={() => chain().toggleItalic().run()}
      />
      <ToolButton
        title={t('editor.strike')}
        icon={<StrikethroughOutlined />}
        active={editor.isActive('strike')}
        disabled={disabled}
        onClick={() => chain().toggleStrike().run()}
      />
      <ToolButton
        title={t('editor.h2')}
        icon={<b>H</b>}
        active={editor.isActive('heading', { level: 2 })}
        disabled={disabled}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      />
      <ToolButton
        title={t('editor.bulletList')}
        icon={<UnorderedListOutlined />}
        active={editor.isActive('bulletList')}
        disabled={disabled}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolButton
        title={t('editor.orderedList')}
        icon={<OrderedListOutlined />}
        active={editor.isActive('orderedList')}
        disabled={disabled}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <Upload
        accept="image/*"
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          const problem = checkImage(file);
          if (problem) void message.warning(t(problem.key, problem.values));
          // embedded as base64 (JeecgBoot's 'local' answer), shown without a token
          else void readDataUrl(file).then((src) => chain().setImage({ src, alt: file.name }).run());
          return false;
        }}
      >
        <ToolButton title={t('editor.image')} icon={<PictureOutlined />} disabled={disabled} onClick={() => undefined} />
      </Upload>
      <ToolButton title={t('editor.undo')} icon={<UndoOutlined />} disabled={disabled} onClick={() => chain().undo().run()} />
      <ToolButton title={t('editor.redo')} icon={<RedoOutlined />} disabled={disabled} onClick={() => chain().redo().run()} />
    </Space>
  );
}

function RichTextInput({ value, onChange, height = RICH_TEXT_HEIGHT, disabled }: RichTextEditorProps) {
  const t = useFieldText();
  const editor = useEditor({
    extensions,
    content: value ?? '',
    editable: !disabled,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': t('editor.placeholder'), style: `min-height: ${height - 50}px; outline: none; padding: 8px` } },
    onUpdate: ({ editor: current }) => onChange?.(current.isEmpty ? '' : current.getHTML()),
  });
  // useEditor destroys an editor and makes the next one when the component mounts again (a page
  // reload while the form renders): a destroyed one has no commands nor schema, so it is left alone
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled);
  }, [editor, disabled]);
  useEffect(() => {
    // a value set from outside (form reset, record loaded) replaces the document; the editor's own echo does not
    if (!editor || editor.isDestroyed) return;
    if ((value ?? '') !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);
  if (!editor) return null;
  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6, height, overflow: 'auto' }}>
      <Toolbar editor={editor} disabled={disabled} />
      <EditorContent editor={editor} />
    </div>
  );
}

/** Read-only: the document rendered by the same editor, not editable (its schema drops anything it does not know). */
function RichTextView({ value }: RichTextEditorProps) {
  const editor = useEditor({ extensions, content: value ?? '', editable: false, immediatelyRender: true });
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);
  return editor ? <EditorContent editor={editor} /> : null;
}

/** The rich-text editor (300 px, Chinese toolbar texts; images embedded), on tiptap. */
export const RichTextEditor = connect(RichTextInput, mapReadPretty(RichTextView));
