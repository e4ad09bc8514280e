import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Tabs, Upload } from 'antd';
import { useState } from 'react';
import { checkImage } from '../../upload/uploadRules';
import { useFieldText } from '../useFieldText';
import { PickerModal } from '../picker/PickerModal';
import { readDataUrl } from './readDataUrl';

export interface InsertedImage {
  url: string;
  remark: string;
}

/**
 * The markdown editor's image dialog (spec 000 §2): a local image (embedded) or a network address,
 * each with a remark that becomes the image's alternative text.
 */
export function ImageInsertDialog({ onInsert, onClose }: { onInsert(image: InsertedImage): void; onClose(): void }) {
  const t = useFieldText();
  const { message } = App.useApp();
  const [tab, setTab] = useState<'local' | 'network'>('local');
  const [local, setLocal] = useState<{ url: string; name: string } | null>(null);
  const [address, setAddress] = useState('');
  const [remark, setRemark] = useState('');
  const remarkInput = (
    <Input
      value={remark}
      aria-label={t('editor.remark')}
      placeholder={t('editor.remark')}
      maxLength={100}
      onChange={(event) => setRemark(event.target.value)}
    />
  );

  const confirm = () => {
    if (tab === 'local') {
      if (!local) return void message.warning(t('editor.noImage'));
      return onInsert({ url: local.url, remark });
    }
    if (!/^https?:\/\/\S+$/i.test(address.trim())) return void message.warning(t('editor.urlInvalid'));
    onInsert({ url: address.trim(), remark });
  };

  return (
    <PickerModal open title={t('editor.imageTitle')} width={520} onOk={confirm} onCancel={onClose}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as 'local' | 'network')}
        items={[
          {
            key: 'local',
            label: t('editor.local'),
            children: (
              <Form layout="vertical">
                <Form.Item label={t('editor.image')}>
                  <Upload
                    accept="image/*"
                    showUploadList={false}
                    beforeUpload={(file) => {
                      const problem = checkImage(file);
                      if (problem) void message.warning(t(problem.key, problem.values));
                      else void readDataUrl(file).then((url) => setLocal({ url, name: file.name }));
                      return false;
                    }}
                  >
                    <Button icon={<UploadOutlined />}>{t('editor.chooseImage')}</Button>
                  </Upload>
                  {local ? <div>{local.name}</div> : null}
                </Form.Item>
                <Form.Item label={t('editor.remark')}>{remarkInput}</Form.Item>
              </Form>
            ),
          },
          {
            key: 'network',
            label: t('editor.network'),
            children: (
              <Form layout="vertical">
                <Form.Item label={t('editor.url')}>
                  <Input value={address} aria-label={t('editor.url')} placeholder="https://" onChange={(event) => setAddress(event.target.value)} />
                </Form.Item>
                <Form.Item label={t('editor.remark')}>{remarkInput}</Form.Item>
              </Form>
            ),
          },
        ]}
      />
    </PickerModal>
  );
}
